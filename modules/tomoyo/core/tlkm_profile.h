/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tlkm_profile.h - profile lines: PROFILE_VERSION=, N-COMMENT=,
 * N-PREFERENCE={ ... } and N-CONFIG[::category[::operation]]={ ... }.
 * Parsed in tlkm_profile.c, printed in tlkm_profile_print.c.
 */
#ifndef _MODULES_TOMOYO_CORE_TLKM_PROFILE_H
#define _MODULES_TOMOYO_CORE_TLKM_PROFILE_H

#include "tlkm_text.h"

/* The only profile format accepted. */
#define TLKM_PROFILE_VERSION 20150505
/* Profiles are numbered 0 to TLKM_MAX_PROFILES - 1. */
#define TLKM_MAX_PROFILES 256
/*
 * PREFERENCE values of a profile that does not give them (Debian's
 * CONFIG_SECURITY_TOMOYO_MAX_AUDIT_LOG and _MAX_ACCEPT_ENTRY).
 */
#define TLKM_DEFAULT_MAX_AUDIT_LOG 1024
#define TLKM_DEFAULT_MAX_LEARNING_ENTRY 2048

/* What a profile line sets. */
enum tlkm_profile_key {
	TLKM_PROF_VERSION,
	TLKM_PROF_COMMENT,
	TLKM_PROF_PREFERENCE,
	TLKM_PROF_CONFIG,
};

/* Access control modes. */
enum tlkm_mode {
	TLKM_MODE_DISABLED,
	TLKM_MODE_LEARNING,
	TLKM_MODE_PERMISSIVE,
	TLKM_MODE_ENFORCING,
};

/* Categories of CONFIG::category lines. */
enum tlkm_mac_category {
	TLKM_MAC_CATEGORY_FILE,
	TLKM_MAC_CATEGORY_NETWORK,
	TLKM_MAC_CATEGORY_MISC,
	TLKM_MAC_CATEGORY_MAX,
};

/**
 * enum tlkm_mac_index - The operations named in CONFIG::category::operation
 * lines, in TOMOYO's order: indexes of tlkm_mac_names[]. TLKM_MAC_FILE_*
 * are "file" operations, TLKM_MAC_NETWORK_* "network" ones,
 * TLKM_MAC_ENVIRON is "misc env"; TLKM_MAC_MAX counts them.
 */
enum tlkm_mac_index {
	TLKM_MAC_FILE_EXECUTE,
	TLKM_MAC_FILE_OPEN,
	TLKM_MAC_FILE_CREATE,
	TLKM_MAC_FILE_UNLINK,
	TLKM_MAC_FILE_GETATTR,
	TLKM_MAC_FILE_MKDIR,
	TLKM_MAC_FILE_RMDIR,
	TLKM_MAC_FILE_MKFIFO,
	TLKM_MAC_FILE_MKSOCK,
	TLKM_MAC_FILE_TRUNCATE,
	TLKM_MAC_FILE_SYMLINK,
	TLKM_MAC_FILE_MKBLOCK,
	TLKM_MAC_FILE_MKCHAR,
	TLKM_MAC_FILE_LINK,
	TLKM_MAC_FILE_RENAME,
	TLKM_MAC_FILE_CHMOD,
	TLKM_MAC_FILE_CHOWN,
	TLKM_MAC_FILE_CHGRP,
	TLKM_MAC_FILE_IOCTL,
	TLKM_MAC_FILE_CHROOT,
	TLKM_MAC_FILE_MOUNT,
	TLKM_MAC_FILE_UNMOUNT,
	TLKM_MAC_FILE_PIVOT_ROOT,
	TLKM_MAC_NETWORK_INET_STREAM_BIND,
	TLKM_MAC_NETWORK_INET_STREAM_LISTEN,
	TLKM_MAC_NETWORK_INET_STREAM_CONNECT,
	TLKM_MAC_NETWORK_INET_DGRAM_BIND,
	TLKM_MAC_NETWORK_INET_DGRAM_SEND,
	TLKM_MAC_NETWORK_INET_RAW_BIND,
	TLKM_MAC_NETWORK_INET_RAW_SEND,
	TLKM_MAC_NETWORK_UNIX_STREAM_BIND,
	TLKM_MAC_NETWORK_UNIX_STREAM_LISTEN,
	TLKM_MAC_NETWORK_UNIX_STREAM_CONNECT,
	TLKM_MAC_NETWORK_UNIX_DGRAM_BIND,
	TLKM_MAC_NETWORK_UNIX_DGRAM_SEND,
	TLKM_MAC_NETWORK_UNIX_SEQPACKET_BIND,
	TLKM_MAC_NETWORK_UNIX_SEQPACKET_LISTEN,
	TLKM_MAC_NETWORK_UNIX_SEQPACKET_CONNECT,
	TLKM_MAC_ENVIRON,
	TLKM_MAC_MAX
};

/* "Not given" value for the optional fields below. */
#define TLKM_UNSET 0xff

/**
 * struct tlkm_profile_line - One parsed profile line.
 * @key:                What the line sets (enum tlkm_profile_key).
 * @profile:            Profile number (not for %TLKM_PROF_VERSION).
 * @category:           CONFIG category, or %TLKM_UNSET for plain CONFIG.
 * @op:                 CONFIG operation index (0 to %TLKM_MAC_MAX - 1),
 *                      or %TLKM_UNSET.
 * @mode:               enum tlkm_mode, or %TLKM_UNSET.
 * @grant_log:          0 or 1, or %TLKM_UNSET.
 * @reject_log:         0 or 1, or %TLKM_UNSET.
 * @use_default:        A CONFIG line said "use_default": the setting
 *                      reverts to the more general line's.
 * @has_audit:          @max_audit_log was given.
 * @has_learning:       @max_learning_entry was given.
 * @max_audit_log:      PREFERENCE value.
 * @max_learning_entry: PREFERENCE value.
 * @version:            PROFILE_VERSION value.
 * @comment:            COMMENT text (kmalloc()ed), or NULL.
 */
struct tlkm_profile_line {
	u8 key;
	u8 profile;
	u8 category;
	u8 op;
	u8 mode;
	u8 grant_log;
	u8 reject_log;
	bool use_default;
	bool has_audit;
	bool has_learning;
	u32 max_audit_log;
	u32 max_learning_entry;
	u32 version;
	char *comment;
};

extern const char * const tlkm_mac_names[TLKM_MAC_MAX];
extern const u8 tlkm_mac_category_of[TLKM_MAC_MAX];
extern const char * const tlkm_mac_category_names[TLKM_MAC_CATEGORY_MAX];
extern const char * const tlkm_mode_keywords[4];

int tlkm_parse_profile(struct tlkm_profile_line *p, struct tlkm_cursor *c,
		       struct tlkm_err *err);
void tlkm_print_profile(struct tlkm_buf *b, const struct tlkm_profile_line *p);
void tlkm_print_profile_full(struct tlkm_buf *b,
			     const struct tlkm_profile_line *p);
bool tlkm_profile_same_key(const struct tlkm_profile_line *a,
			   const struct tlkm_profile_line *b);
void tlkm_profile_destroy(struct tlkm_profile_line *p);
bool tlkm_audit_has_room(u32 count, u32 max_audit_log);

#endif /* _MODULES_TOMOYO_CORE_TLKM_PROFILE_H */
