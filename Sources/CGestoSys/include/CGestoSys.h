// The Linux calls gestod's runtime needs that Swift's Glibc module does not expose:
// epoll, timerfd, signalfd, pidfd, inotify, Unix sockets (sockaddr_un, accept4, SO_PEERCRED)
// and the wait-status macros (which Swift cannot import because they are function-like macros).
// Used only by GestoDaemon.
#ifndef CGESTOSYS_H
#define CGESTOSYS_H

#include <signal.h>
#include <spawn.h>
#include <sys/epoll.h>
#include <sys/inotify.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/types.h>
#include <sys/wait.h>

/// posix_spawn's POSIX_SPAWN_SETSID flag (a GNU extension): the child calls setsid.
short gesto_spawn_setsid_flag(void);

/// posix_spawn_file_actions_addclosefrom_np (glibc 2.34, a GNU extension): the child closes
/// every descriptor from `from` on. Returns 0 or an error number.
int gesto_spawn_file_actions_addclosefrom(posix_spawn_file_actions_t *actions, int from);

/// pidfd_open(2): a descriptor that becomes readable when the process exits (always
/// close-on-exec). Returns -1 and sets errno on failure (ENOSYS before Linux 5.3).
int gesto_pidfd_open(pid_t pid);

/// pipe2(2), which glibc declares only under _GNU_SOURCE.
int gesto_pipe2(int fds[2], int flags);

/// The process environment (`environ`), a NULL-terminated array.
char *const *gesto_environ(void);

/// WIFEXITED(status).
int gesto_wifexited(int status);
/// WEXITSTATUS(status).
int gesto_wexitstatus(int status);
/// WIFSIGNALED(status).
int gesto_wifsignaled(int status);
/// WTERMSIG(status).
int gesto_wtermsig(int status);

/// Binds `fd` (an AF_UNIX socket) to `path`. Returns -1 and sets errno on failure
/// (ENAMETOOLONG when `path` does not fit in sun_path, 107 bytes).
int gesto_unix_bind(int fd, const char *path);
/// Connects `fd` (an AF_UNIX socket) to `path`. Returns -1 and sets errno on failure
/// (ENAMETOOLONG as for gesto_unix_bind, ENOENT, ECONNREFUSED, EAGAIN).
int gesto_unix_connect(int fd, const char *path);
/// accept4(2) with SOCK_NONBLOCK | SOCK_CLOEXEC (declared only under _GNU_SOURCE).
int gesto_accept(int fd);
/// The peer's process and user IDs of a connected AF_UNIX socket (SO_PEERCRED), as they were
/// when it connected. Returns -1 and sets errno on failure.
int gesto_peer_credentials(int fd, pid_t *pid, uid_t *uid);

/// Sends one message of `length` bytes on `socket` (a connected AF_UNIX socket) with
/// MSG_NOSIGNAL, and with `descriptor` attached (SCM_RIGHTS) when it is not -1. Returns the
/// bytes sent, or -1 and sets errno.
long gesto_send_with_descriptor(int socket, const void *bytes, unsigned long length, int descriptor);
/// Receives one message of at most `capacity` bytes from `socket`; a descriptor sent with it
/// (SCM_RIGHTS) is stored in `*descriptor` (close-on-exec), else -1. Any further descriptors
/// are closed. Returns the bytes received (0: the peer closed), or -1 and sets errno; a message
/// longer than `capacity` sets `*truncated` to 1.
long gesto_receive_with_descriptor(int socket, void *bytes, unsigned long capacity, int *descriptor, int *truncated);

/// The real-time scheduling a daemon asks for (gesto_realtime_enter), and its safety net.
/// Caps the calling process's RLIMIT_RTTIME (microseconds of CPU a real-time thread may use
/// without blocking) at `soft_usec` / `hard_usec` (never raising a lower cap), and installs a
/// SIGXCPU handler that returns the thread that called this to SCHED_OTHER: past the soft cap
/// the kernel sends SIGXCPU, and the thread goes on at normal priority; past the hard cap it
/// would send SIGKILL. Returns 0, or -errno.
int gesto_realtime_prepare(long soft_usec, long hard_usec);
/// sched_setscheduler(2) of the calling thread to SCHED_RR `priority`, with
/// SCHED_RESET_ON_FORK (children start at normal priority). Returns 0, or -errno (EPERM: neither
/// CAP_SYS_NICE nor an RLIMIT_RTPRIO of at least `priority`).
int gesto_realtime_enter(int priority);
/// The calling thread's scheduling policy (SCHED_OTHER 0, SCHED_FIFO 1, SCHED_RR 2; the
/// reset-on-fork flag cleared) and its real-time priority in `*priority`; -errno on failure.
int gesto_scheduling_policy(int *priority);
/// Whether the SIGXCPU handler returned the thread to SCHED_OTHER (1) since the process began.
int gesto_realtime_was_dropped(void);
/// The calling thread's kernel ID (gettid(2)).
long gesto_thread_id(void);

#endif
