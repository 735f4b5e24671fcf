// Out-of-line wrappers for the macros and unexported calls declared in CGestoSys.h.
#define _GNU_SOURCE
#include "CGestoSys.h"

#include <sys/syscall.h>
#include <unistd.h>

extern char **environ;

int gesto_pidfd_open(pid_t pid) { return (int)syscall(SYS_pidfd_open, pid, 0); }
int gesto_pipe2(int fds[2], int flags) { return pipe2(fds, flags); }
char *const *gesto_environ(void) { return environ; }
int gesto_wifexited(int status) { return WIFEXITED(status); }
int gesto_wexitstatus(int status) { return WEXITSTATUS(status); }
int gesto_wifsignaled(int status) { return WIFSIGNALED(status); }
int gesto_wtermsig(int status) { return WTERMSIG(status); }
