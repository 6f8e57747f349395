/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tlkm_cond.h - the optional condition part after an ACL's operands, such
 * as "task.uid=0 exec.argv[0]=\"/bin/sh\" grant_log=no".
 */
#ifndef _MODULES_TOMOYO_CORE_TLKM_COND_H
#define _MODULES_TOMOYO_CORE_TLKM_COND_H

#include "tlkm_operand.h"

/* Most comparisons in one condition part. */
#define TLKM_MAX_COND 64

/* Variables a condition can test (the left-hand side). */
enum tlkm_cond_var {
	TLKM_TASK_UID,
	TLKM_TASK_EUID,
	TLKM_TASK_SUID,
	TLKM_TASK_FSUID,
	TLKM_TASK_GID,
	TLKM_TASK_EGID,
	TLKM_TASK_SGID,
	TLKM_TASK_FSGID,
	TLKM_TASK_PID,
	TLKM_TASK_PPID,
	TLKM_EXEC_ARGC,
	TLKM_EXEC_ENVC,
	/* Per object: path1, path2 (9 each), then their parents (4 each). */
	TLKM_PATH1_UID,
	TLKM_PATH2_UID = TLKM_PATH1_UID + 9,
	TLKM_PATH1_PARENT_UID = TLKM_PATH2_UID + 9,
	TLKM_PATH2_PARENT_UID = TLKM_PATH1_PARENT_UID + 4,
	TLKM_NR_NUMERIC_VARS = TLKM_PATH2_PARENT_UID + 4,
	TLKM_EXEC_REALPATH = TLKM_NR_NUMERIC_VARS,
	TLKM_SYMLINK_TARGET,
	TLKM_EXEC_ARGV,
	TLKM_EXEC_ENVP,
};

/* Attribute order inside each path object block. */
enum tlkm_obj_attr {
	TLKM_ATTR_UID,
	TLKM_ATTR_GID,
	TLKM_ATTR_INO,
	TLKM_ATTR_MAJOR,
	TLKM_ATTR_MINOR,
	TLKM_ATTR_PERM,
	TLKM_ATTR_TYPE,
	TLKM_ATTR_DEV_MAJOR,
	TLKM_ATTR_DEV_MINOR,
};

/* Kinds of right-hand side. */
enum tlkm_cond_rhs {
	TLKM_RHS_NUMBER,	/* number, range or @number_group */
	TLKM_RHS_VAR,		/* another numeric variable */
	TLKM_RHS_TYPE,		/* file type: socket, symlink, file, ... */
	TLKM_RHS_MODE,		/* permission bit: setuid, owner_read, ... */
	TLKM_RHS_NAME,		/* "string" or @path_group */
	TLKM_RHS_NULL,		/* NULL (environment variable absent) */
};

/**
 * struct tlkm_cond_elem - One comparison.
 * @left:       Variable (enum tlkm_cond_var).
 * @rhs:        Kind of right-hand side (enum tlkm_cond_rhs).
 * @rhs_value:  Variable index, file type index or mode bit index.
 * @negate:     Written with "!=".
 * @argv_index: N of exec.argv[N].
 * @env_name:   NAME of exec.envp["NAME"], else NULL.
 * @num:        Right-hand number for %TLKM_RHS_NUMBER.
 * @name:       Right-hand string or group for %TLKM_RHS_NAME.
 */
struct tlkm_cond_elem {
	u8 left;
	u8 rhs;
	u8 rhs_value;
	bool negate;
	u32 argv_index;
	char *env_name;
	struct tlkm_number_union num;
	struct tlkm_name_union name;
};

/**
 * struct tlkm_cond - A whole condition part.
 * @count:     Number of comparisons in @elem.
 * @grant_log: -1 when absent, else 0 for grant_log=no, 1 for yes.
 * @transit:   Domain transition preference of a "file execute" ACL
 *             ("keep", "child", "parent", "reset", "initialize", a
 *             program name or a domain name), or NULL.
 * @elem:      The comparisons, in the order written.
 */
struct tlkm_cond {
	u16 count;
	s8 grant_log;
	char *transit;
	struct tlkm_cond_elem elem[];
};

extern const char * const tlkm_file_type_names[7];
extern const u32 tlkm_file_type_bits[7];
extern const char * const tlkm_mode_names[12];

int tlkm_parse_cond(struct tlkm_cond **out, struct tlkm_cursor *c,
		    struct tlkm_err *err);
void tlkm_print_cond(struct tlkm_buf *b, const struct tlkm_cond *cond);
bool tlkm_cond_eq(const struct tlkm_cond *a, const struct tlkm_cond *b);
bool tlkm_cond_reads_args(const struct tlkm_cond *cond);
void tlkm_cond_free(struct tlkm_cond *cond);
const char *tlkm_cond_var_name(unsigned int var, char *tmp, size_t size);

#endif /* _MODULES_TOMOYO_CORE_TLKM_COND_H */
