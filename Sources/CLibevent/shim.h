// System headers first: libevent's headers use their types without including them.
#include <sys/types.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <signal.h>
#include <event2/event.h>
#include <event2/thread.h>
#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/listener.h>
#include <event2/http.h>
#include <event2/keyvalq_struct.h>

// SIG_IGN is a macro Swift cannot import.
static inline void counterpart_ignore_sigpipe(void) { signal(SIGPIPE, SIG_IGN); }

// glibc declares sched_getaffinity only under _GNU_SOURCE; counting the mask here keeps that
// definition out of Swift's view of the system headers.
int sched_getaffinity(pid_t pid, size_t cpusetsize, void *mask);
static inline int counterpart_available_cpus(void) {
    unsigned char mask[128] = {0};
    if (sched_getaffinity(0, sizeof mask, mask) != 0) return 1;
    int count = 0;
    for (size_t i = 0; i < sizeof mask; i++) count += __builtin_popcount(mask[i]);
    return count > 0 ? count : 1;
}

// The same for pthread_setname_np: names the calling thread, of which Linux keeps 15 bytes.
#include <pthread.h>
int pthread_setname_np(pthread_t thread, const char *name);
static inline void counterpart_name_thread(const char *name) { pthread_setname_np(pthread_self(), name); }

#include <malloc.h>
// glibc trims a thread arena's top as soon as 128 KiB are free and grows it again on the next
// request, an mprotect each way, and serves blocks over 128 KiB (a search page's JSON) with a fresh
// mmap, page faults included; higher thresholds keep the pages for reuse.
static inline void counterpart_tune_malloc(void) {
    mallopt(M_TRIM_THRESHOLD, 8 * 1024 * 1024);
    mallopt(M_TOP_PAD, 1024 * 1024);
    mallopt(M_MMAP_THRESHOLD, 4 * 1024 * 1024);
}
