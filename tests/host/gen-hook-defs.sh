#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Host tests of modules/shim/gen_hook_defs.awk, which turns the kernel's
# lsm_hook_defs.h into the shim's dispatcher definitions.
# shellcheck source=../lib/tap.sh source-path=SCRIPTDIR
. "$(dirname "$0")/../lib/tap.sh"
gen=$top/modules/shim/gen_hook_defs.awk

{
	echo '/* SPDX */'
	echo '/* a comment with LSM_HOOK(int, 0, fake, int x) inside */'
	echo 'LSM_HOOK(int, 0, binder_set_context_mgr, const struct cred *mgr)'
	echo 'LSM_HOOK(int, 0, sb_mount, const char *dev_name, const struct path *path,'
	echo '	 const char *type, unsigned long flags, void *data)'
	echo '#ifdef CONFIG_SECURITY_NETWORK'
	echo 'LSM_HOOK(int, 0, tun_dev_create, void)'
	echo 'LSM_HOOK(void, LSM_RET_VOID, secmark_refcount_inc, void) /* trailing */'
	echo '#endif /* CONFIG_SECURITY_NETWORK */'
	echo 'LSM_HOOK(int, -ENOSYS, task_prctl, int option, unsigned long arg2,'
	echo '	 unsigned long arg3, unsigned long arg4, unsigned long arg5)'
	echo 'LSM_HOOK(int, -EOPNOTSUPP, getselfattr, unsigned int attr,'
	echo '	 struct lsm_ctx __user *ctx, u32 *size, u32 flags)'
	for i in $(seq 100); do echo "LSM_HOOK(void, LSM_RET_VOID, filler$i, int a$i)"; done
} >"$d/defs.h"
awk -f "$gen" "$d/defs.h" >"$d/out.h" 2>"$d/err"
is "the generator accepts a realistic hook list" "0" "$?"
is "one line per hook, none from comments" "106" "$(grep -c '^SHIM_HOOK' "$d/out.h")"
is "a one-line hook" \
	"SHIM_HOOK(int, 0, binder_set_context_mgr, (const struct cred *mgr), (mgr))" \
	"$(grep binder_set "$d/out.h")"
is "a hook spanning lines" \
	"SHIM_HOOK(int, 0, sb_mount, (const char *dev_name, const struct path *path, const char *type, unsigned long flags, void *data), (dev_name, path, type, flags, data))" \
	"$(grep sb_mount "$d/out.h")"
is "a hook without arguments" "SHIM_HOOK(int, 0, tun_dev_create, (void), ())" \
	"$(grep tun_dev_create "$d/out.h")"
is "a void hook with a trailing comment" \
	"SHIM_HOOK(void, LSM_RET_VOID, secmark_refcount_inc, (void), ())" \
	"$(grep secmark_refcount_inc "$d/out.h")"
is "__user annotations stay in the parameters, not the arguments" \
	"SHIM_HOOK(int, -EOPNOTSUPP, getselfattr, (unsigned int attr, struct lsm_ctx __user *ctx, u32 *size, u32 flags), (attr, ctx, size, flags))" \
	"$(grep getselfattr "$d/out.h")"
is "preprocessor conditionals are kept around their hooks" \
	"#ifdef CONFIG_SECURITY_NETWORK|#endif" \
	"$(grep '^#' "$d/out.h" | sed 's/ *$//' | paste -sd'|')"
printf 'LSM_HOOK(int, 0, broken, int a\n' >"$d/bad.h"
awk -f "$gen" "$d/bad.h" >/dev/null 2>&1
is "an unterminated hook is an error" 1 "$?"
printf 'LSM_HOOK(int, 0, one, int a)\n' >"$d/few.h"
awk -f "$gen" "$d/few.h" >/dev/null 2>&1
is "a list far too short for a kernel is an error" 1 "$?"
finish
