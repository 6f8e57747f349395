/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tlkm_acl.h - ACL lines: "file ...", "network inet|unix ...",
 * "misc env ..." and "task manual_domain_transition ...".
 */
#ifndef _MODULES_TOMOYO_CORE_TLKM_ACL_H
#define _MODULES_TOMOYO_CORE_TLKM_ACL_H

#include "tlkm_cond.h"

/* Operand layout of an ACL; one line holds permissions of one type. */
enum tlkm_acl_type {
	TLKM_ACL_PATH,		/* name[0] */
	TLKM_ACL_PATH_NUMBER,	/* name[0] num[0] */
	TLKM_ACL_MKDEV,		/* name[0] num[0]=mode num[1]=major num[2]=minor */
	TLKM_ACL_PATH2,		/* name[0] name[1] */
	TLKM_ACL_MOUNT,		/* name[0]=dev name[1]=dir name[2]=type num[0] */
	TLKM_ACL_INET,		/* protocol addr num[0]=port */
	TLKM_ACL_UNIX,		/* protocol name[0] */
	TLKM_ACL_ENV,		/* name[0] */
	TLKM_ACL_TASK,		/* domain */
};

/* File permissions, grouped by operand layout, in printing order. */
enum tlkm_file_op {
	TLKM_FILE_EXECUTE,
	TLKM_FILE_READ,
	TLKM_FILE_WRITE,
	TLKM_FILE_APPEND,
	TLKM_FILE_UNLINK,
	TLKM_FILE_GETATTR,
	TLKM_FILE_RMDIR,
	TLKM_FILE_TRUNCATE,
	TLKM_FILE_SYMLINK,
	TLKM_FILE_CHROOT,
	TLKM_FILE_UNMOUNT,
	TLKM_FILE_CREATE,
	TLKM_FILE_MKDIR,
	TLKM_FILE_MKFIFO,
	TLKM_FILE_MKSOCK,
	TLKM_FILE_IOCTL,
	TLKM_FILE_CHMOD,
	TLKM_FILE_CHOWN,
	TLKM_FILE_CHGRP,
	TLKM_FILE_MKBLOCK,
	TLKM_FILE_MKCHAR,
	TLKM_FILE_LINK,
	TLKM_FILE_RENAME,
	TLKM_FILE_PIVOT_ROOT,
	TLKM_FILE_MOUNT,
	TLKM_FILE_MAX,
};

/* Socket operations. */
enum tlkm_net_op {
	TLKM_NET_BIND,
	TLKM_NET_LISTEN,
	TLKM_NET_CONNECT,
	TLKM_NET_SEND,
	TLKM_NET_MAX,
};

/* Socket types. */
enum tlkm_sock_type {
	TLKM_SOCK_STREAM,
	TLKM_SOCK_DGRAM,
	TLKM_SOCK_RAW,
	TLKM_SOCK_SEQPACKET,
	TLKM_SOCK_MAX,
};

/**
 * struct tlkm_acl - One parsed ACL line (domain policy or acl_group).
 * @type:     Operand layout (enum tlkm_acl_type).
 * @protocol: Socket type for network ACLs (enum tlkm_sock_type).
 * @perm:     Bit mask of permissions (enum tlkm_file_op or tlkm_net_op);
 *            bit 0 for misc env and task manual_domain_transition.
 * @name:     Pathname operands, see enum tlkm_acl_type.
 * @num:      Number operands, see enum tlkm_acl_type.
 * @addr:     Address operand of network inet ACLs.
 * @domain:   Target domain of task manual_domain_transition, else NULL.
 * @cond:     Condition part, or NULL.
 */
struct tlkm_acl {
	u8 type;
	u8 protocol;
	u32 perm;
	struct tlkm_name_union name[3];
	struct tlkm_number_union num[3];
	struct tlkm_addr_union addr;
	char *domain;
	struct tlkm_cond *cond;
};

extern const char * const tlkm_file_op_names[TLKM_FILE_MAX];
extern const char * const tlkm_net_op_names[TLKM_NET_MAX];
extern const char * const tlkm_sock_names[TLKM_SOCK_MAX];
/* Name and number operands of each file layout (TLKM_ACL_PATH..MOUNT). */
extern const u8 tlkm_acl_nr_names[5];
extern const u8 tlkm_acl_nr_nums[5];

int tlkm_file_op_type(unsigned int op);
int tlkm_parse_acl(struct tlkm_acl *acl, struct tlkm_cursor *c,
		   struct tlkm_err *err);
void tlkm_print_acl(struct tlkm_buf *b, const struct tlkm_acl *acl);
bool tlkm_acl_same_target(const struct tlkm_acl *a, const struct tlkm_acl *b);
void tlkm_acl_destroy(struct tlkm_acl *acl);

#endif /* _MODULES_TOMOYO_CORE_TLKM_ACL_H */
