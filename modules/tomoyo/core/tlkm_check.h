/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tlkm_check.h - permission decisions: is a file, network, environment or
 * manual domain transition request allowed in a domain?
 */
#ifndef _MODULES_TOMOYO_CORE_TLKM_CHECK_H
#define _MODULES_TOMOYO_CORE_TLKM_CHECK_H

#include "tlkm_model.h"

/* Objects a condition can inspect, as indexes into tlkm_request.obj. */
enum tlkm_obj_index {
	TLKM_OBJ_PATH1,
	TLKM_OBJ_PATH2,
	TLKM_OBJ_PATH1_PARENT,
	TLKM_OBJ_PATH2_PARENT,
	TLKM_OBJ_MAX,
};

/**
 * struct tlkm_obj_info - Attributes of one file, for path1.* conditions.
 * @valid:     The attributes below are known.
 * @uid:       Owner.
 * @gid:       Group.
 * @ino:       Inode number.
 * @major:     Major of the device holding the file (st_dev).
 * @minor:     Minor of the device holding the file.
 * @mode:      st_mode, type bits included.
 * @dev_major: Major of a device special file (st_rdev).
 * @dev_minor: Minor of a device special file.
 */
struct tlkm_obj_info {
	bool valid;
	u32 uid;
	u32 gid;
	u64 ino;
	u32 major;
	u32 minor;
	u32 mode;
	u32 dev_major;
	u32 dev_minor;
};

/**
 * struct tlkm_request - One access request. All strings are TOMOYO-encoded
 * (see tlkm_encode()) and NUL-terminated.
 * @uid:            task.uid.
 * @euid:           task.euid.
 * @suid:           task.suid.
 * @fsuid:          task.fsuid.
 * @gid:            task.gid.
 * @egid:           task.egid.
 * @sgid:           task.sgid.
 * @fsgid:          task.fsgid.
 * @pid:            task.pid.
 * @ppid:           task.ppid.
 * @obj:            path1, path2 and their parents.
 * @in_exec:        An execve() is in progress: exec.* is known.
 * @exec_realpath:  exec.realpath.
 * @argc:           Number of entries in @argv.
 * @argv:           Arguments of the execve().
 * @envc:           Number of entries in @envp.
 * @envp:           Environment of the execve(), "NAME=value" strings.
 * @log_str:        For the audit record, @argv then @envp again, each
 *                  string as long as the record can print it (a string
 *                  of @argv/@envp is cut to what conditions compare), or
 *                  NULL to print @argv and @envp.
 * @symlink_target: symlink.target, or NULL.
 * @name:           Pathname operands in the order of the ACL's layout
 *                  (path, path2 / dev, dir, fstype; unix socket path;
 *                  environment variable name).
 * @num:            Number operands (mode, major, minor, flags, port).
 * @addr:           IP address (IPv4 in the first four bytes, rest zero).
 * @is_ipv6:        Family of @addr.
 * @domain:         Target of a manual domain transition.
 */
struct tlkm_request {
	u32 uid, euid, suid, fsuid;
	u32 gid, egid, sgid, fsgid;
	u32 pid, ppid;
	struct tlkm_obj_info obj[TLKM_OBJ_MAX];
	bool in_exec;
	const char *exec_realpath;
	u32 argc;
	const char * const *argv;
	u32 envc;
	const char * const *envp;
	const char * const *log_str;
	const char *symlink_target;
	const char *name[3];
	u64 num[3];
	u8 addr[16];
	bool is_ipv6;
	const char *domain;
};

/**
 * struct tlkm_exec_match - The "file execute" ACL that allowed an exec.
 * @name:    The program name as the ACL writes it: its pattern, or the
 *           path_group member that matched (TOMOYO's matched_path), or
 *           NULL when no ACL named the program.
 * @transit: The ACL's domain transition preference, or NULL.
 *
 * Both point into the policy: valid while the caller holds it locked.
 */
struct tlkm_exec_match {
	const char *name;
	const char *transit;
};

bool tlkm_check_file(const struct tlkm_policy *p, const struct tlkm_domain *d,
		     unsigned int op, const struct tlkm_request *r);
bool tlkm_check_exec(const struct tlkm_policy *p, const struct tlkm_domain *d,
		     const struct tlkm_request *r, struct tlkm_exec_match *m);
bool tlkm_check_inet(const struct tlkm_policy *p, const struct tlkm_domain *d,
		     unsigned int protocol, unsigned int op,
		     const struct tlkm_request *r);
bool tlkm_check_unix(const struct tlkm_policy *p, const struct tlkm_domain *d,
		     unsigned int protocol, unsigned int op,
		     const struct tlkm_request *r);
bool tlkm_check_env(const struct tlkm_policy *p, const struct tlkm_domain *d,
		    const struct tlkm_request *r);
bool tlkm_check_manual_transition(const struct tlkm_policy *p,
				  const struct tlkm_domain *d,
				  const struct tlkm_request *r);
const char *tlkm_path_group_member(const struct tlkm_policy *p,
				   const char *domain, const char *group,
				   const char *name, size_t len);
bool tlkm_path_group_match(const struct tlkm_policy *p, const char *domain,
			   const char *group, const char *name);
bool tlkm_number_group_match(const struct tlkm_policy *p, const char *domain,
			     const char *group, u64 value);
bool tlkm_address_group_match(const struct tlkm_policy *p, const char *domain,
			      const char *group, const u8 *addr, bool is_ipv6);

#endif /* _MODULES_TOMOYO_CORE_TLKM_CHECK_H */
