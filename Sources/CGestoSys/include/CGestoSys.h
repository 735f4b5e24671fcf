// The Linux calls gestod's runtime needs that Swift's Glibc module does not expose:
// epoll, timerfd, signalfd, pidfd, and the wait-status macros (which Swift cannot import
// because they are function-like macros). Used only by GestoDaemon.
#ifndef CGESTOSYS_H
#define CGESTOSYS_H

#include <signal.h>
#include <spawn.h>
#include <sys/epoll.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/types.h>
#include <sys/wait.h>

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

#endif
