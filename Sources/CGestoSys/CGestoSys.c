// Out-of-line wrappers for the macros and unexported calls declared in CGestoSys.h.
#define _GNU_SOURCE
#include "CGestoSys.h"

#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>

extern char **environ;

short gesto_spawn_setsid_flag(void) { return POSIX_SPAWN_SETSID; }
int gesto_spawn_file_actions_addclosefrom(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}
int gesto_pidfd_open(pid_t pid) { return (int)syscall(SYS_pidfd_open, pid, 0); }
int gesto_pipe2(int fds[2], int flags) { return pipe2(fds, flags); }
char *const *gesto_environ(void) { return environ; }
int gesto_wifexited(int status) { return WIFEXITED(status); }
int gesto_wexitstatus(int status) { return WEXITSTATUS(status); }
int gesto_wifsignaled(int status) { return WIFSIGNALED(status); }
int gesto_wtermsig(int status) { return WTERMSIG(status); }

static int fill_address(struct sockaddr_un *address, const char *path) {
    size_t length = strlen(path);
    if (length == 0 || length >= sizeof address->sun_path) { errno = ENAMETOOLONG; return -1; }
    memset(address, 0, sizeof *address);
    address->sun_family = AF_UNIX;
    memcpy(address->sun_path, path, length + 1);
    return 0;
}

int gesto_unix_bind(int fd, const char *path) {
    struct sockaddr_un address;
    if (fill_address(&address, path) == -1) return -1;
    return bind(fd, (struct sockaddr *)&address, sizeof address);
}

int gesto_unix_connect(int fd, const char *path) {
    struct sockaddr_un address;
    if (fill_address(&address, path) == -1) return -1;
    return connect(fd, (struct sockaddr *)&address, sizeof address);
}

int gesto_accept(int fd) { return accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC); }

int gesto_peer_credentials(int fd, pid_t *pid, uid_t *uid) {
    struct ucred credentials;
    socklen_t size = sizeof credentials;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &size) == -1) return -1;
    *pid = credentials.pid;
    *uid = credentials.uid;
    return 0;
}

long gesto_send_with_descriptor(int socket, const void *bytes, unsigned long length, int descriptor) {
    struct iovec vector = { .iov_base = (void *)bytes, .iov_len = length };
    struct msghdr message = { .msg_iov = &vector, .msg_iovlen = 1 };
    union { struct cmsghdr header; char space[CMSG_SPACE(sizeof(int))]; } control;
    if (descriptor >= 0) {
        memset(&control, 0, sizeof control);
        message.msg_control = control.space;
        message.msg_controllen = sizeof control.space;
        struct cmsghdr *header = CMSG_FIRSTHDR(&message);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(header), &descriptor, sizeof(int));
    }
    return (long)sendmsg(socket, &message, MSG_NOSIGNAL);
}

long gesto_receive_with_descriptor(int socket, void *bytes, unsigned long capacity, int *descriptor, int *truncated) {
    struct iovec vector = { .iov_base = bytes, .iov_len = capacity };
    union { struct cmsghdr header; char space[CMSG_SPACE(sizeof(int) * 4)]; } control;
    struct msghdr message = { .msg_iov = &vector, .msg_iovlen = 1,
                              .msg_control = control.space, .msg_controllen = sizeof control.space };
    *descriptor = -1;
    *truncated = 0;
    ssize_t received = recvmsg(socket, &message, MSG_CMSG_CLOEXEC);
    if (received < 0) return -1;
    if (message.msg_flags & MSG_TRUNC) *truncated = 1;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
        size_t count = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        int *fds = (int *)CMSG_DATA(header);
        for (size_t i = 0; i < count; i++) {
            if (*descriptor == -1) *descriptor = fds[i];
            else close(fds[i]);
        }
    }
    return (long)received;
}

/* Real-time scheduling and its safety net (CGestoSys.h). The handler only makes system calls
 * that are async-signal-safe and writes a sig_atomic_t. */
static volatile sig_atomic_t realtime_thread;
static volatile sig_atomic_t realtime_dropped;

static void realtime_overran(int signal) {
	(void)signal;
	int saved = errno;
	struct sched_param normal = {.sched_priority = 0};
	if (realtime_thread > 0 && syscall(SYS_sched_setscheduler, (pid_t)realtime_thread, SCHED_OTHER | SCHED_RESET_ON_FORK, &normal) == 0)
		realtime_dropped = 1;
	errno = saved;
}

int gesto_realtime_prepare(long soft_usec, long hard_usec) {
	struct rlimit limit;
	if (getrlimit(RLIMIT_RTTIME, &limit) != 0) return -errno;
	if (limit.rlim_max == RLIM_INFINITY || limit.rlim_max > (rlim_t)hard_usec) limit.rlim_max = (rlim_t)hard_usec;
	if (limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur > (rlim_t)soft_usec) limit.rlim_cur = (rlim_t)soft_usec;
	if (limit.rlim_cur > limit.rlim_max) limit.rlim_cur = limit.rlim_max;
	if (setrlimit(RLIMIT_RTTIME, &limit) != 0) return -errno;
	realtime_thread = (sig_atomic_t)syscall(SYS_gettid);
	struct sigaction action;
	memset(&action, 0, sizeof action);
	action.sa_handler = realtime_overran;
	sigemptyset(&action.sa_mask);
	action.sa_flags = SA_RESTART;
	if (sigaction(SIGXCPU, &action, NULL) != 0) return -errno;
	return 0;
}

int gesto_realtime_enter(int priority) {
	struct sched_param parameter = {.sched_priority = priority};
	return sched_setscheduler(0, SCHED_RR | SCHED_RESET_ON_FORK, &parameter) == 0 ? 0 : -errno;
}

int gesto_scheduling_policy(int *priority) {
	int policy = sched_getscheduler(0);
	if (policy < 0) return -errno;
	struct sched_param parameter;
	if (sched_getparam(0, &parameter) != 0) return -errno;
	*priority = parameter.sched_priority;
	return policy & ~SCHED_RESET_ON_FORK;
}

int gesto_realtime_was_dropped(void) { return realtime_dropped ? 1 : 0; }

long gesto_thread_id(void) { return (long)syscall(SYS_gettid); }
