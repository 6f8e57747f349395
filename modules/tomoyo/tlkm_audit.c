// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_audit.c - the audit log (records read one at a time from the audit
 * file, NUL-terminated) and interactive queries (the query file).
 *
 * Both lists are protected by one spinlock; readers sleep in poll() on a
 * wait queue. A query waits for an answer TLKM_QUERY_SECONDS seconds
 * after the last write to the query file (tomoyo-queryd writes a newline
 * every second while its user thinks), as in TOMOYO.
 */

#include <linux/jiffies.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

#include "tlkm_glue.h"

#define TLKM_QUERY_SECONDS 10

/**
 * struct tlkm_record - One audit record or one pending query.
 * @list:   Link in the audit log or the query list.
 * @serial: Query serial number.
 * @retry:  Times this request was asked before.
 * @id:     Order of the question, for readers of the query file.
 * @answer: Answer of the listener, 0 while none.
 * @timer:  Seconds a query waited since the last write to the query file.
 * @domain: Domain of the asking task (queries only), for "select Q=".
 * @len:    Length of @text.
 * @text:   The record, NUL-terminated.
 */
struct tlkm_record {
	struct list_head list;
	unsigned int serial;
	unsigned int retry;
	u64 id;
	int answer;
	unsigned int timer;
	char *domain;
	size_t len;
	char text[];
};

static DEFINE_SPINLOCK(audit_lock);
static LIST_HEAD(audit_log);
static LIST_HEAD(queries);
static unsigned int audit_count;
static size_t audit_bytes;
static unsigned int query_serial;
static u64 query_id;
static int listeners;
static DECLARE_WAIT_QUEUE_HEAD(audit_wait);
static DECLARE_WAIT_QUEUE_HEAD(query_wait);
static DECLARE_WAIT_QUEUE_HEAD(answer_wait);

static struct tlkm_record *new_record(const char *text, size_t len, gfp_t gfp)
{
	struct tlkm_record *r = kzalloc(sizeof(*r) + len + 1, gfp);

	if (r) {
		memcpy(r->text, text, len);
		r->len = len;
	}
	return r;
}

/**
 * tlkm_audit_add() - Append a record to the audit log.
 * @text: Record text, ending with a newline.
 * @len:  Its length.
 * @max:  Most records kept (max_audit_log): as TOMOYO, when the log holds
 *        that many, the new record is dropped (tlkm_audit_has_room()).
 */
void tlkm_audit_add(const char *text, size_t len, unsigned int max)
{
	struct tlkm_record *r = new_record(text, len, GFP_KERNEL);

	if (!r)
		return;
	spin_lock(&audit_lock);
	if (!tlkm_audit_has_room(audit_count, max)) {
		spin_unlock(&audit_lock);
		kfree(r);
		return;
	}
	list_add_tail(&r->list, &audit_log);
	audit_bytes += len;
	audit_count++;
	spin_unlock(&audit_lock);
	wake_up_interruptible(&audit_wait);
}

/**
 * tlkm_audit_pop() - Take the oldest audit record.
 * @text: Receives the kmalloc()ed record, NUL included in the length.
 *
 * Return: length of *@text including its NUL, or 0 when the log is empty.
 */
ssize_t tlkm_audit_pop(char **text)
{
	struct tlkm_record *r = NULL;
	ssize_t len = 0;

	spin_lock(&audit_lock);
	if (!list_empty(&audit_log)) {
		r = list_first_entry(&audit_log, struct tlkm_record, list);
		list_del(&r->list);
		audit_count--;
		audit_bytes -= r->len;
	}
	spin_unlock(&audit_lock);
	if (!r)
		return 0;
	len = r->len + 1;
	memmove(r, r->text, len);
	*text = (char *)r;
	return len;
}

/**
 * tlkm_audit_poll() - poll() of the audit file.
 * @file: The file.
 * @wait: Poll table.
 *
 * Return: EPOLLIN | EPOLLRDNORM when a record is waiting.
 */
__poll_t tlkm_audit_poll(struct file *file, poll_table *wait)
{
	bool ready;

	poll_wait(file, &audit_wait, wait);
	spin_lock(&audit_lock);
	ready = !list_empty(&audit_log);
	spin_unlock(&audit_lock);
	return ready ? EPOLLIN | EPOLLRDNORM : 0;
}

/**
 * tlkm_audit_memory() - Bytes held by the audit log.
 *
 * Return: the total length of the records.
 */
size_t tlkm_audit_memory(void)
{
	return READ_ONCE(audit_bytes);
}

/**
 * tlkm_query_listen() - Count an opener of the query file.
 * @open: true on open, false on release.
 */
void tlkm_query_listen(bool open)
{
	spin_lock(&audit_lock);
	listeners += open ? 1 : -1;
	spin_unlock(&audit_lock);
	if (!open)
		wake_up_all(&answer_wait);
}

/**
 * tlkm_query_ask() - Ask the query listeners about a refused request.
 * @text:   Header, domain and ACL line of the request.
 * @domain: Domain name of the asking task.
 * @retry:  Times the same request was asked before.
 *
 * Context: process context, no locks held; sleeps up to 10 seconds after
 * the last write to the query file.
 * Return: the listener's answer (1 grant, 3 retry, other values reject),
 * or 0 when nobody listens or nobody answered in time.
 */
int tlkm_query_ask(const char *text, const char *domain, unsigned int retry)
{
	struct tlkm_record *r;
	int answer;

	if (!READ_ONCE(listeners))
		return 0;
	r = new_record(text, strlen(text), GFP_KERNEL);
	if (!r)
		return 0;
	r->domain = kstrdup(domain, GFP_KERNEL);
	if (!r->domain) {
		kfree(r);
		return 0;
	}
	spin_lock(&audit_lock);
	r->serial = query_serial++;
	r->retry = retry;
	r->id = ++query_id;
	list_add_tail(&r->list, &queries);
	spin_unlock(&audit_lock);
	wake_up_interruptible(&query_wait);
	for (;;) {
		if (wait_event_interruptible_timeout(answer_wait,
						     READ_ONCE(r->answer) ||
						     !READ_ONCE(listeners), HZ))
			break;
		spin_lock(&audit_lock);
		answer = ++r->timer >= TLKM_QUERY_SECONDS;
		spin_unlock(&audit_lock);
		if (answer)
			break;
	}
	spin_lock(&audit_lock);
	list_del(&r->list);
	answer = r->answer;
	spin_unlock(&audit_lock);
	kfree(r->domain);
	kfree(r);
	return answer;
}

/**
 * tlkm_query_domain() - The domain of a pending query.
 * @serial: The query's serial number, as in "Q<serial>-<retry>".
 *
 * tomoyo-queryd's "add to policy" writes "select Q=<serial>" and then the
 * ACL line to domain_policy: as in TOMOYO, the line goes to the domain of
 * the task that asked.
 *
 * Return: a kmalloc()ed copy of the domain name, or NULL when no pending
 * query has @serial (or memory ran out).
 */
char *tlkm_query_domain(unsigned int serial)
{
	struct tlkm_record *r;
	char *name = NULL;

	spin_lock(&audit_lock);
	list_for_each_entry(r, &queries, list) {
		if (r->serial == serial) {
			name = kstrdup(r->domain, GFP_ATOMIC);
			break;
		}
	}
	spin_unlock(&audit_lock);
	return name;
}

/**
 * tlkm_query_next() - The next question for one reader of the query file.
 * @last: The reader's last question id, updated.
 * @text: Receives the kmalloc()ed "Q<serial>-<retry>\n<text>" plus NUL.
 *
 * Return: length including the NUL, 0 when no question is waiting, or
 * -%ENOMEM.
 */
ssize_t tlkm_query_next(u64 *last, char **text)
{
	struct tlkm_record *r;
	ssize_t len = 0;
	char *buf = NULL;

	spin_lock(&audit_lock);
	list_for_each_entry(r, &queries, list) {
		if (r->id <= *last || r->answer)
			continue;
		buf = kasprintf(GFP_ATOMIC, "Q%u-%u\n%s", r->serial, r->retry,
				r->text);
		*last = r->id;
		len = buf ? strlen(buf) + 1 : -ENOMEM;
		break;
	}
	spin_unlock(&audit_lock);
	*text = buf;
	return len;
}

/**
 * tlkm_query_poll() - poll() of the query file.
 * @file: The file.
 * @wait: Poll table.
 * @last: The reader's last question id.
 *
 * Return: EPOLLIN | EPOLLRDNORM when a new question waits.
 */
__poll_t tlkm_query_poll(struct file *file, poll_table *wait, u64 last)
{
	struct tlkm_record *r;
	bool ready = false;

	poll_wait(file, &query_wait, wait);
	spin_lock(&audit_lock);
	list_for_each_entry(r, &queries, list)
		if (r->id > last && !r->answer)
			ready = true;
	spin_unlock(&audit_lock);
	return ready ? EPOLLIN | EPOLLRDNORM : 0;
}

/**
 * tlkm_query_answer() - Take a line written to the query file.
 * @line: "A<serial>=<answer>", or any other line (a keepalive).
 *
 * Every line restarts the wait of every pending query, as in TOMOYO; one
 * that is not an answer (tomoyo-queryd's newline) is refused after that.
 *
 * Return: 0, -%EINVAL for a malformed line, -%ENOENT for an unknown serial.
 */
int tlkm_query_answer(const char *line)
{
	unsigned int serial, answer;
	struct tlkm_record *r;
	int ret = -ENOENT;
	char end;

	spin_lock(&audit_lock);
	list_for_each_entry(r, &queries, list)
		r->timer = 0;
	spin_unlock(&audit_lock);
	if (sscanf(line, "A%u=%u%c", &serial, &answer, &end) != 2 || !answer)
		return -EINVAL;
	spin_lock(&audit_lock);
	list_for_each_entry(r, &queries, list) {
		if (r->serial == serial) {
			r->answer = answer;
			ret = 0;
		}
	}
	spin_unlock(&audit_lock);
	wake_up_all(&answer_wait);
	return ret;
}

/**
 * tlkm_audit_exit() - Free the audit log at module exit.
 */
void tlkm_audit_exit(void)
{
	struct tlkm_record *r, *tmp;

	list_for_each_entry_safe(r, tmp, &audit_log, list) {
		list_del(&r->list);
		kfree(r);
	}
}
