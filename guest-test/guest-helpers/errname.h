/* SPDX-License-Identifier: GPL-2.0 */
/*
 * errno_name() for the guest test helpers: they print an errno as one word
 * ("EACCES") so that the tests compare names, not locale-dependent messages.
 * An errno missing from the list prints as "errnoN".
 */
#ifndef LLSM_ERRNAME_H
#define LLSM_ERRNAME_H

#include <errno.h>
#include <stdio.h>

#define LLSM_ERRNO_NAMES(X) \
	X(EPERM) X(ENOENT) X(ESRCH) X(EINTR) X(EIO) X(ENXIO) X(E2BIG) \
	X(ENOEXEC) X(EBADF) X(ECHILD) X(EAGAIN) X(ENOMEM) X(EACCES) \
	X(EFAULT) X(ENOTBLK) X(EBUSY) X(EEXIST) X(EXDEV) X(ENODEV) \
	X(ENOTDIR) X(EISDIR) X(EINVAL) X(ENFILE) X(EMFILE) X(ENOTTY) \
	X(ETXTBSY) X(EFBIG) X(ENOSPC) X(ESPIPE) X(EROFS) X(EMLINK) \
	X(EPIPE) X(ERANGE) X(ENAMETOOLONG) X(ENOSYS) X(ENOTEMPTY) \
	X(ELOOP) X(ENODATA) X(ENOTSOCK) X(EMSGSIZE) X(EPROTONOSUPPORT) \
	X(EOPNOTSUPP) X(EAFNOSUPPORT) X(EADDRINUSE) X(EADDRNOTAVAIL) \
	X(ENOTCONN) X(ECONNREFUSED) X(ECONNRESET) X(ETIMEDOUT)

static inline const char *errno_name(int e)
{
	static char buf[32];

	switch (e) {
#define LLSM_ERRNO_CASE(n) case n: return #n;
	LLSM_ERRNO_NAMES(LLSM_ERRNO_CASE)
#undef LLSM_ERRNO_CASE
	}
	snprintf(buf, sizeof(buf), "errno%d", e);
	return buf;
}

#endif /* LLSM_ERRNAME_H */
