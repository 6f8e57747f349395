/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tlkm_transition.h - which domain a task enters when it executes a
 * program: aggregator, then initialize/keep/reset rules, else a child.
 */
#ifndef _MODULES_TOMOYO_CORE_TLKM_TRANSITION_H
#define _MODULES_TOMOYO_CORE_TLKM_TRANSITION_H

#include "tlkm_model.h"

/* Outcome of tlkm_next_domain(). */
enum tlkm_transition_result {
	TLKM_GO_CHILD,		/* "<current> <program>" */
	TLKM_GO_RESET,		/* "<program>": root of a new namespace */
	TLKM_GO_INITIALIZE,	/* "<namespace> <program>" */
	TLKM_GO_KEEP,		/* stay in the current domain */
	TLKM_GO_JUMP,		/* a domain a transition preference names */
};

const char *tlkm_aggregate(const struct tlkm_policy *p, const char *domain,
			   const char *program);
int tlkm_transition_type(const struct tlkm_policy *p, const char *domain,
			 const char *program);
int tlkm_next_domain(const struct tlkm_policy *p, const char *domain,
		     const char *program, char *out, size_t size);
int tlkm_exec_domain(const struct tlkm_policy *p, const char *domain,
		     const char *program, const char *transit, char *out,
		     size_t size);

#endif /* _MODULES_TOMOYO_CORE_TLKM_TRANSITION_H */
