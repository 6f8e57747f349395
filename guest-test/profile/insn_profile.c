// SPDX-License-Identifier: GPL-2.0
/*
 * insn_profile.c - a QEMU TCG plugin that counts, between marks, how often
 * each translation block runs: guest instructions by address, for
 * guest-test/profile.
 *
 * Arguments (-plugin insn_profile.so,out=FILE,mark=HEX):
 *   out   the file the windows are written to
 *   mark  the guest address whose block is the mark: bench_mark() of the
 *         static bench (guest-helpers/bench.c), not position-independent,
 *         so at the same address in every process
 *
 * Marks come in pairs: the first empties the counters, the second writes
 * them as "window N" followed by one "ADDR INSNS RUNS" line per block that
 * ran (ADDR as 16 hex digits, INSNS the block's instruction count), then
 * "end N". A block counts all its instructions when it runs; one that an
 * exception leaves early is rare in the paths measured.
 *
 * Single-threaded TCG only (QEMU's -icount implies it): the counters are
 * not atomic.
 */

#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qemu_plugin_api.h"

int qemu_plugin_version __attribute__((visibility("default"))) = 2;

/* One block: start address and length, kept across retranslations. */
struct block {
	uint64_t addr;
	uint64_t runs;
	uint32_t insns;
	struct block *hnext;
	struct block *next;
};

#define HASH_BITS 20

static struct block *buckets[1U << HASH_BITS];
static struct block *all;
static uint64_t mark_addr;
static unsigned long marks;
static FILE *out;

/* The block's record, made on first translation: its address is stable. */
static struct block *block_of(uint64_t addr, uint32_t insns)
{
	uint64_t h = (addr ^ ((uint64_t)insns << 48)) * 0x9e3779b97f4a7c15ULL;
	struct block **head = &buckets[h >> (64 - HASH_BITS)];
	struct block *b;

	for (b = *head; b; b = b->hnext)
		if (b->addr == addr && b->insns == insns)
			return b;
	b = calloc(1, sizeof(*b));
	if (!b) {
		fputs("insn_profile: out of memory\n", stderr);
		exit(1);
	}
	b->addr = addr;
	b->insns = insns;
	b->hnext = *head;
	*head = b;
	b->next = all;
	all = b;
	return b;
}

static void write_window(void)
{
	struct block *b;

	fprintf(out, "window %lu\n", marks / 2);
	for (b = all; b; b = b->next)
		if (b->runs)
			fprintf(out, "%016" PRIx64 " %" PRIu32 " %" PRIu64 "\n",
				b->addr, b->insns, b->runs);
	fprintf(out, "end %lu\n", marks / 2);
	fflush(out);
}

static void on_exec(unsigned int vcpu, void *data)
{
	struct block *b = data;

	(void)vcpu;
	b->runs++;
}

static void on_mark(unsigned int vcpu, void *data)
{
	struct block *b;

	(void)vcpu;
	(void)data;
	marks++;
	if (marks % 2 == 0)
		write_window();
	for (b = all; b; b = b->next)
		b->runs = 0;
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	uint64_t addr = qemu_plugin_tb_vaddr(tb);
	size_t n = qemu_plugin_tb_n_insns(tb);

	(void)id;
	if (addr == mark_addr) {
		qemu_plugin_register_vcpu_tb_exec_cb(tb, on_mark,
						     QEMU_PLUGIN_CB_NO_REGS,
						     NULL);
		return;
	}
	qemu_plugin_register_vcpu_tb_exec_cb(tb, on_exec,
					     QEMU_PLUGIN_CB_NO_REGS,
					     block_of(addr, n));
}

static void at_exit(qemu_plugin_id_t id, void *data)
{
	(void)id;
	(void)data;
	if (out)
		fclose(out);
}

int qemu_plugin_install(qemu_plugin_id_t id, const struct qemu_info_t *info,
			int argc, char **argv)
{
	const char *path = NULL;
	int i;

	(void)info;
	for (i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "out=", 4))
			path = argv[i] + 4;
		else if (!strncmp(argv[i], "mark=", 5))
			mark_addr = strtoull(argv[i] + 5, NULL, 16);
		else {
			fprintf(stderr, "insn_profile: unknown argument %s\n",
				argv[i]);
			return -1;
		}
	}
	if (!path || !mark_addr) {
		fputs("insn_profile: out=FILE and mark=HEX are needed\n", stderr);
		return -1;
	}
	out = fopen(path, "w");
	if (!out) {
		perror(path);
		return -1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}
