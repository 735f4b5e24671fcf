#include "exec.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace gesto_host
{
bool run_command(const std::string& command, const gesto_recognized& firing, std::string& error)
{
    // The variables first (libgesto formats them as gestod does), so that the child only
    // calls async-signal-safe functions between fork and exec.
    std::vector<char> block(512);
    size_t size = block.size();
    int status = gesto_recognized_environment(&firing, block.data(), &size);
    if (status == GESTO_ERROR_BUFFER_TOO_SMALL)
    {
        block.resize(size);
        status = gesto_recognized_environment(&firing, block.data(), &size);
    }
    if (status != GESTO_OK)
    {
        error = gesto_last_error_message();
        return false;
    }

    std::vector<char*> envp;
    for (char **variable = environ; *variable; ++variable)
    {
        if (std::strncmp(*variable, "GESTO_", 6) != 0)
        {
            envp.push_back(*variable);
        }
    }
    for (size_t i = 0; i < size && block[i] != '\0'; i += std::strlen(&block[i]) + 1)
    {
        envp.push_back(&block[i]);
    }
    envp.push_back(nullptr);
    const char *argv[] = {"sh", "-c", command.c_str(), nullptr};

    // Twice forked: the command is reparented to init and never becomes the compositor's
    // zombie (Wayfire reaps only what it starts itself).
    pid_t child = fork();
    if (child < 0)
    {
        error = std::string("fork: ") + std::strerror(errno);
        return false;
    }
    if (child == 0)
    {
        setsid();
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, nullptr);
        pid_t grandchild = fork();
        if (grandchild == 0)
        {
            execve("/bin/sh", const_cast<char**>(argv), envp.data());
            _exit(127);
        }
        _exit(grandchild < 0 ? 1 : 0);
    }
    int child_status = 0;
    while (waitpid(child, &child_status, 0) < 0 && errno == EINTR)
    {}
    if (!WIFEXITED(child_status) || WEXITSTATUS(child_status) != 0)
    {
        error = "fork of the command failed";
        return false;
    }
    return true;
}
}
