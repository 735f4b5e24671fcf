// Out-of-line wrappers for the macros and unexported calls declared in CGestoSys.h.
#define _GNU_SOURCE
#include "CGestoSys.h"

#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>

extern char **environ;

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
