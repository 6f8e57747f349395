// SPDX-License-Identifier: GPL-2.0
/*
 * test_audit_header.c - the object and exec parts of an audit record's
 * header, against the built-in TOMOYO's format (audit.c,
 * tomoyo_print_header(), tomoyo_print_bprm()).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "tlkm_audit_header.h"

static char out[3 * TLKM_BPRM_INFO_SIZE];

static const char *attrs(const struct tlkm_request *r)
{
	struct tlkm_buf b;

	tlkm_buf_init(&b, out, sizeof(out));
	tlkm_print_obj_attrs(&b, r);
	return out;
}

static const char *bprm(u32 argc, const char * const *argv, u32 envc,
			const char * const *envp)
{
	struct tlkm_buf b;

	tlkm_buf_init(&b, out, sizeof(out));
	tlkm_print_bprm(&b, argc, argv, envc, envp);
	return out;
}

static char *repeat(char c, size_t n)
{
	char *s = malloc(n + 1);

	memset(s, c, n);
	s[n] = '\0';
	return s;
}

static void obj_attrs(void)
{
	struct tlkm_request r = { 0 };

	tap_result(!strcmp(attrs(&r), ""), "audit header: no object, no path");
	r.obj[TLKM_OBJ_PATH1_PARENT] = (struct tlkm_obj_info){
		.valid = true, .uid = 0, .gid = 0, .ino = 2, .mode = 041777 };
	tap_result(!strcmp(attrs(&r),
			   " path1.parent={ uid=0 gid=0 ino=2 perm=01777 }"),
		   "audit header: a name being created has its parent only");
	r.obj[TLKM_OBJ_PATH1] = (struct tlkm_obj_info){
		.valid = true, .uid = 1000, .gid = 100, .ino = 12, .major = 0,
		.minor = 31, .mode = 0100644 };
	r.obj[TLKM_OBJ_PATH2] = (struct tlkm_obj_info){
		.valid = true, .uid = 0, .gid = 5, .ino = 7, .major = 0,
		.minor = 5, .mode = 020620, .dev_major = 136, .dev_minor = 3 };
	r.obj[TLKM_OBJ_PATH2_PARENT] = (struct tlkm_obj_info){
		.valid = true, .ino = 1, .mode = 040755 };
	tap_result(!strcmp(attrs(&r),
			   " path1={ uid=1000 gid=100 ino=12 major=0 minor=31 perm=0644 type=file }"
			   " path1.parent={ uid=0 gid=0 ino=2 perm=01777 }"
			   " path2={ uid=0 gid=5 ino=7 major=0 minor=5 perm=0620 type=char dev_major=136 dev_minor=3 }"
			   " path2.parent={ uid=0 gid=0 ino=1 perm=0755 }"),
		   "audit header: path1, its parent, path2, its parent %s", out);
	memset(&r, 0, sizeof(r));
	r.obj[TLKM_OBJ_PATH1] = (struct tlkm_obj_info){ .valid = true,
							.mode = 0 };
	tap_result(!strcmp(attrs(&r),
			   " path1={ uid=0 gid=0 ino=0 major=0 minor=0 perm=00 type=file }"),
		   "audit header: mode 0 prints perm=00 type=file, as %%o");
}

static void bprm_info(void)
{
	static const char * const argv[] = { "a", "b\\040c", "", "d\\\\e" };
	static const char * const envp[] = { "X=1" };
	const char *big[3];
	char *a4000 = repeat('A', 4000), *b8200 = repeat('B', 8200);
	char *want;

	tap_result(!strcmp(bprm(0, NULL, 0, NULL), "argv[]={ } envp[]={ }"),
		   "bprm: no argv, no envp");
	tap_result(!strcmp(bprm(4, argv, 1, envp),
			   "argv[]={ \"a\" \"b\\040c\" \"\" \"d\\\\e\" } envp[]={ \"X=1\" }"),
		   "bprm: strings quoted as encoded, the empty one too");
	/*
	 * 9 + 4002 + 4002 bytes hold two strings; the third starts at 8015
	 * and passes the 8160-byte mark: argv ends in "... " where it began.
	 */
	big[0] = a4000;
	big[1] = a4000;
	big[2] = a4000;
	want = malloc(16384);
	snprintf(want, 16384,
		 "argv[]={ \"%s\" \"%s\" ... } envp[]={ \"X=1\" }", a4000,
		 a4000);
	tap_result(!strcmp(bprm(3, big, 1, envp), want),
		   "bprm: argv cut at the built-in's 8 KiB, envp still printed");
	big[0] = b8200;
	tap_result(!strcmp(bprm(1, big, 1, envp),
			   "argv[]={ ... } envp[]={ \"X=1\" }"),
		   "bprm: one argument too long for the buffer prints as ...");
	big[1] = b8200;
	tap_result(!strcmp(bprm(1, envp, 1, big),
			   "argv[]={ \"X=1\" } envp[]={ ... }"),
		   "bprm: an environment string too long prints as ...");
	free(want);
	free(a4000);
	free(b8200);
}

static void exec_info(void)
{
	static const char * const argv[] = { "x" };
	struct tlkm_request r = { 0 };
	struct tlkm_buf b;

	r.symlink_target = "/t\\040u";
	tlkm_buf_init(&b, out, sizeof(out));
	tlkm_print_exec_info(&b, &r);
	tap_result(!strcmp(out, " symlink.target=\"/t\\040u\""),
		   "audit header: symlink.target of a symlink being made");
	r.in_exec = true;
	r.exec_realpath = "/bin/x";
	r.argc = 1;
	r.argv = argv;
	tlkm_buf_init(&b, out, sizeof(out));
	tlkm_print_exec_info(&b, &r);
	tap_result(!strcmp(out, " exec={ realpath=\"/bin/x\" argc=1 envc=0 argv[]={ \"x\" } envp[]={ } }"),
		   "audit header: exec={ ... } during an exec, not the target");
}

void test_audit_header(void)
{
	obj_attrs();
	bprm_info();
	exec_info();
}
