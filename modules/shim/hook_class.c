// SPDX-License-Identifier: GPL-2.0
/*
 * hook_class.c - the allow-list of LSM hooks: every hook of Linux 6.1, 6.12
 * and 7.x by name, with what it lets a client do. A hook that is not listed
 * (one a later kernel adds) is refused until someone classifies it here.
 *
 * Clients run after every built-in LSM and can only deny more: the allowed
 * classes are int hooks whose result only allows or denies, void hooks that
 * only tell of an event, and hooks that get credentials being made, which
 * the shim calls so that they cannot change them. A hook is refused when its
 * result can grant, when it exists to change credentials, when it hands out
 * a pointer one LSM owns, when it writes a result the kernel reports, when
 * it deals in the built-in LSMs' labels, or when the kernel walks it itself.
 */
#ifdef __KERNEL__
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#else
#include <errno.h>
#include <string.h>
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif

#include "hook_class.h"

/* The class applies only with this kernel feature; else SHIM_HOOK_OWNED. */
#define NEEDS_KEY_BLOBS SHIM_KERNEL_KEY_BLOBS
#define NEEDS_BPF_BLOBS SHIM_KERNEL_BPF_BLOBS

struct hook_entry {
	const char *name;
	unsigned char class;
	unsigned char needs;
};

#define R(n) { #n, SHIM_HOOK_RESTRICT, 0 }
#define N(n) { #n, SHIM_HOOK_NOTIFY, 0 }
#define G(n) { #n, SHIM_HOOK_GUARDED, 0 }
#define GRANT(n) { #n, SHIM_HOOK_GRANT, 0 }
#define CW(n) { #n, SHIM_HOOK_CRED_WRITE, 0 }
#define OWN(n) { #n, SHIM_HOOK_OWNED, 0 }
#define OUT(n) { #n, SHIM_HOOK_OUTPUT, 0 }
#define L(n) { #n, SHIM_HOOK_LABEL, 0 }
#define W(n) { #n, SHIM_HOOK_WALK, 0 }
#define IF(n, c, f) { #n, SHIM_HOOK_##c, f }

static const struct hook_entry hooks[] = {
	R(binder_set_context_mgr), R(binder_transaction),
	R(binder_transfer_binder), R(binder_transfer_file),
	R(ptrace_access_check), R(ptrace_traceme),
	OUT(capget), CW(capset), R(capable), R(quotactl), R(quota_on),
	R(syslog), R(settime), W(vm_enough_memory),
	G(bprm_creds_for_exec), CW(bprm_creds_from_file),
	G(bprm_check_security), CW(bprm_committing_creds),
	CW(bprm_committed_creds),
	OWN(fs_context_submount), OWN(fs_context_dup),
	W(fs_context_parse_param),
	R(sb_alloc_security), N(sb_delete), N(sb_free_security),
	OWN(sb_free_mnt_opts), OWN(sb_eat_lsm_opts), OWN(sb_mnt_opts_compat),
	OWN(sb_remount), R(sb_kern_mount), OUT(sb_show_options), R(sb_statfs),
	R(sb_mount), R(sb_umount), R(sb_pivotroot), OWN(sb_set_mnt_opts),
	OWN(sb_clone_mnt_opts), R(move_mount),
	L(dentry_init_security), CW(dentry_create_files_as),
	R(path_unlink), R(path_mkdir), R(path_rmdir), R(path_mknod),
	N(path_post_mknod), R(path_truncate), R(path_symlink), R(path_link),
	R(path_rename), R(path_chmod), R(path_chown), R(path_chroot),
	R(path_notify),
	R(inode_alloc_security), N(inode_free_security),
	OWN(inode_free_security_rcu), L(inode_init_security),
	L(inode_init_security_anon), R(inode_create),
	N(inode_post_create_tmpfile), R(inode_link), R(inode_unlink),
	R(inode_symlink), R(inode_mkdir), R(inode_rmdir), R(inode_mknod),
	R(inode_rename), R(inode_readlink), R(inode_follow_link),
	R(inode_permission), R(inode_setattr), N(inode_post_setattr),
	R(inode_getattr), GRANT(inode_xattr_skipcap), R(inode_setxattr),
	N(inode_post_setxattr), R(inode_getxattr), R(inode_listxattr),
	R(inode_removexattr), N(inode_post_removexattr),
	R(inode_file_setattr), R(inode_file_getattr), R(inode_set_acl),
	N(inode_post_set_acl), R(inode_get_acl), R(inode_remove_acl),
	N(inode_post_remove_acl), OUT(inode_need_killpriv),
	R(inode_killpriv), L(inode_getsecurity), L(inode_setsecurity),
	L(inode_listsecurity), L(inode_getsecid), L(inode_getlsmprop),
	CW(inode_copy_up), L(inode_copy_up_xattr), OWN(inode_setintegrity),
	L(kernfs_init_security),
	R(file_permission), R(file_alloc_security), N(file_release),
	N(file_free_security), R(backing_file_alloc), N(backing_file_free),
	R(file_ioctl), R(file_ioctl_compat), R(mmap_addr), R(mmap_file),
	R(mmap_backing_file), R(file_mprotect), R(file_lock), R(file_fcntl),
	N(file_set_fowner), R(file_send_sigiotask), R(file_receive),
	R(file_open), R(file_post_open), R(file_truncate),
	R(task_alloc), N(task_free), CW(cred_alloc_blank), N(cred_free),
	G(cred_prepare), G(cred_transfer), L(cred_getsecid),
	L(cred_getlsmprop), CW(kernel_act_as), CW(kernel_create_files_as),
	R(kernel_module_request), R(kernel_load_data),
	R(kernel_post_load_data), R(kernel_read_file),
	R(kernel_post_read_file),
	G(task_fix_setuid), G(task_fix_setgid), G(task_fix_setgroups),
	R(task_setpgid), R(task_getpgid), R(task_getsid),
	L(current_getsecid_subj), L(current_getlsmprop_subj),
	L(task_getsecid_obj), L(task_getlsmprop_obj), R(task_setnice),
	R(task_setioprio), R(task_getioprio), R(task_prlimit),
	R(task_setrlimit), R(task_setscheduler), R(task_getscheduler),
	R(task_movememory), R(task_kill), R(task_prctl), N(task_to_inode),
	R(userns_create),
	R(ipc_permission), L(ipc_getsecid), L(ipc_getlsmprop),
	R(msg_msg_alloc_security), N(msg_msg_free_security),
	R(msg_queue_alloc_security), N(msg_queue_free_security),
	R(msg_queue_associate), R(msg_queue_msgctl), R(msg_queue_msgsnd),
	R(msg_queue_msgrcv), R(shm_alloc_security), N(shm_free_security),
	R(shm_associate), R(shm_shmctl), R(shm_shmat),
	R(sem_alloc_security), N(sem_free_security), R(sem_associate),
	R(sem_semctl), R(sem_semop),
	R(netlink_send), N(d_instantiate),
	W(getselfattr), W(setselfattr), W(getprocattr), W(setprocattr),
	L(ismaclabel), L(secid_to_secctx), L(lsmprop_to_secctx),
	L(secctx_to_secid), L(release_secctx), L(inode_invalidate_secctx),
	L(inode_notifysecctx), L(inode_setsecctx), L(inode_getsecctx),
	R(post_notification), R(watch_key),
	R(unix_find), R(unix_stream_connect), R(unix_may_send),
	R(socket_create), R(socket_post_create), R(socket_socketpair),
	R(socket_bind), R(socket_connect), R(socket_listen),
	R(socket_accept), R(socket_sendmsg), R(socket_recvmsg),
	R(socket_getsockname), R(socket_getpeername), R(socket_getsockopt),
	R(socket_setsockopt), R(socket_shutdown), R(socket_sock_rcv_skb),
	L(socket_getpeersec_stream), L(socket_getpeersec_dgram),
	R(sk_alloc_security), N(sk_free_security), N(sk_clone_security),
	L(sk_getsecid), N(sock_graft), R(inet_conn_request),
	N(inet_csk_clone), N(inet_conn_established),
	L(secmark_relabel_packet), L(secmark_refcount_inc),
	L(secmark_refcount_dec), L(req_classify_flow),
	OWN(tun_dev_alloc_security), OWN(tun_dev_free_security),
	R(tun_dev_create), OWN(tun_dev_attach_queue), OWN(tun_dev_attach),
	OWN(tun_dev_open),
	R(sctp_assoc_request), R(sctp_bind_connect), N(sctp_sk_clone),
	R(sctp_assoc_established), L(mptcp_add_subflow),
	OWN(ib_pkey_access), OWN(ib_endport_manage_subnet),
	OWN(ib_alloc_security), OWN(ib_free_security),
	OWN(xfrm_policy_alloc_security), OWN(xfrm_policy_clone_security),
	OWN(xfrm_policy_free_security), OWN(xfrm_policy_delete_security),
	OWN(xfrm_state_alloc), OWN(xfrm_state_alloc_acquire),
	OWN(xfrm_state_free_security), OWN(xfrm_state_delete_security),
	OWN(xfrm_policy_lookup), W(xfrm_state_pol_flow_match),
	L(xfrm_decode_session),
	IF(key_alloc, RESTRICT, NEEDS_KEY_BLOBS),
	IF(key_free, NOTIFY, NEEDS_KEY_BLOBS),
	R(key_permission), OUT(key_getsecurity),
	N(key_post_create_or_update),
	L(audit_rule_init), L(audit_rule_known), L(audit_rule_match),
	L(audit_rule_free),
	R(bpf), R(bpf_map), R(bpf_prog),
	OWN(bpf_map_alloc_security), OWN(bpf_map_free_security),
	OWN(bpf_prog_alloc_security), OWN(bpf_prog_free_security),
	IF(bpf_map_create, RESTRICT, NEEDS_BPF_BLOBS),
	IF(bpf_map_free, NOTIFY, NEEDS_BPF_BLOBS),
	IF(bpf_prog_load, RESTRICT, NEEDS_BPF_BLOBS),
	IF(bpf_prog_free, NOTIFY, NEEDS_BPF_BLOBS),
	IF(bpf_token_create, RESTRICT, NEEDS_BPF_BLOBS),
	IF(bpf_token_free, NOTIFY, NEEDS_BPF_BLOBS),
	R(bpf_token_cmd), R(bpf_token_capable),
	R(locked_down),
	R(perf_event_open), IF(perf_event_alloc, RESTRICT, NEEDS_KEY_BLOBS),
	IF(perf_event_free, NOTIFY, NEEDS_KEY_BLOBS), R(perf_event_read),
	R(perf_event_write),
	R(uring_override_creds), R(uring_sqpoll), R(uring_cmd),
	R(uring_allowed),
	N(initramfs_populated), R(bdev_alloc_security),
	N(bdev_free_security), OWN(bdev_setintegrity),
};

static const char *const class_names[] = {
	[SHIM_HOOK_RESTRICT] = "restrict",
	[SHIM_HOOK_NOTIFY] = "notify",
	[SHIM_HOOK_GUARDED] = "guarded",
	[SHIM_HOOK_GRANT] = "grant",
	[SHIM_HOOK_CRED_WRITE] = "cred-write",
	[SHIM_HOOK_OWNED] = "owned",
	[SHIM_HOOK_OUTPUT] = "output",
	[SHIM_HOOK_LABEL] = "label",
	[SHIM_HOOK_WALK] = "walk",
	[SHIM_HOOK_UNKNOWN] = "unknown",
};

static const char *const class_why[] = {
	[SHIM_HOOK_RESTRICT] = "its result only allows or denies",
	[SHIM_HOOK_NOTIFY] = "it only tells of an event",
	[SHIM_HOOK_GUARDED] = "the shim undoes and denies any change a client makes to the credentials",
	[SHIM_HOOK_GRANT] = "its result can allow what the kernel would deny",
	[SHIM_HOOK_CRED_WRITE] = "it sets or changes credentials",
	[SHIM_HOOK_OWNED] = "it hands out a pointer that belongs to one LSM",
	[SHIM_HOOK_OUTPUT] = "it writes a result the kernel reports or acts on",
	[SHIM_HOOK_LABEL] = "secids, contexts and labels belong to built-in LSMs",
	[SHIM_HOOK_WALK] = "the kernel walks it with its own loop or by LSM identity",
	[SHIM_HOOK_UNKNOWN] = "it is not on the shim's allow-list",
};

/* Whether a hook's type on this kernel is the one its class expects. */
static bool type_fits(const char *name, enum shim_hook_class class,
		      bool is_int, int def)
{
	switch (class) {
	case SHIM_HOOK_RESTRICT:
		/* task_prctl: "not mine" is -ENOSYS; the shim walks it. */
		if (!strcmp(name, "task_prctl"))
			return is_int && def == -ENOSYS;
		return is_int && def == 0;
	case SHIM_HOOK_NOTIFY:
		return !is_int;
	case SHIM_HOOK_GUARDED:
		return !is_int || def == 0;
	default:
		return true;
	}
}

/**
 * shim_hook_classify - the class of an LSM hook.
 * @name: the hook's name in <linux/lsm_hook_defs.h>.
 * @is_int: whether the hook returns int on this kernel (else void).
 * @def: the hook's default result on this kernel (ignored for void).
 * @kernel: SHIM_KERNEL_* features of this kernel.
 * @why: set to a short reason for the class; may be NULL.
 *
 * Return: the class; SHIM_HOOK_UNKNOWN for a hook not on the list or
 * whose type is not the one its class expects.
 */
enum shim_hook_class shim_hook_classify(const char *name, bool is_int,
					int def, unsigned int kernel,
					const char **why)
{
	enum shim_hook_class class = SHIM_HOOK_UNKNOWN;
	const char *reason;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(hooks); i++) {
		if (strcmp(hooks[i].name, name))
			continue;
		class = hooks[i].class;
		if (hooks[i].needs && !(kernel & hooks[i].needs))
			class = SHIM_HOOK_OWNED;
		break;
	}
	reason = class_why[class];
	if (!type_fits(name, class, is_int, def)) {
		class = SHIM_HOOK_UNKNOWN;
		reason = "its type on this kernel is not the one the shim knows";
	}
	if (why)
		*why = reason;
	return class;
}

/**
 * shim_hook_class_name - a class's short name, for logs.
 * @class: the class.
 *
 * Return: e.g. "restrict", "grant".
 */
const char *shim_hook_class_name(enum shim_hook_class class)
{
	if ((unsigned int)class >= ARRAY_SIZE(class_names))
		return "?";
	return class_names[class];
}

/**
 * shim_hook_class_allowed - whether clients may use hooks of a class.
 * @class: the class.
 *
 * Return: true for restrict, notify and guarded hooks.
 */
bool shim_hook_class_allowed(enum shim_hook_class class)
{
	return class == SHIM_HOOK_RESTRICT || class == SHIM_HOOK_NOTIFY ||
	       class == SHIM_HOOK_GUARDED;
}
