// SPDX-License-Identifier: GPL-2.0
/*
 * llsm_test_poke: a test-only module that plays an attacker with a kernel
 * write primitive. addr=ADDR (from /proc/kallsyms) names a byte of kernel
 * memory; the module reads it and writes the same value back, both without
 * oopsing on a fault (copy_from_kernel_nofault, __put_kernel_nofault), and
 * reports the results in its read-only parameters read_rc and write_rc (0,
 * or -EFAULT when the page is not readable or not writable). Writing the value it read leaves
 * writable memory unchanged. Never packaged.
 */

#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/uaccess.h>

static unsigned long addr;
module_param(addr, ulong, 0444);
MODULE_PARM_DESC(addr, "the kernel address to probe");

static int read_rc = 1;
module_param(read_rc, int, 0444);
MODULE_PARM_DESC(read_rc, "0 when the byte could be read, else an errno");

static int write_rc = 1;
module_param(write_rc, int, 0444);
MODULE_PARM_DESC(write_rc, "0 when the byte could be written, else an errno");

/* One byte written where the page allows it; -EFAULT where it does not. */
static int poke_write(void *dst, u8 val)
{
	pagefault_disable();
	__put_kernel_nofault(dst, &val, u8, fault);
	pagefault_enable();
	return 0;
fault:
	pagefault_enable();
	return -EFAULT;
}

static int __init poke_init(void)
{
	u8 byte;

	if (!addr)
		return -EINVAL;
	read_rc = copy_from_kernel_nofault(&byte, (void *)addr, 1);
	if (!read_rc)
		write_rc = poke_write((void *)addr, byte);
	pr_info("llsm_test_poke: %pS: read %d, write %d\n", (void *)addr,
		read_rc, write_rc);
	return 0;
}

static void __exit poke_exit(void)
{
}

module_init(poke_init);
module_exit(poke_exit);
MODULE_DESCRIPTION("loadable-lsm test: probe whether kernel memory is writable");
MODULE_LICENSE("GPL");
