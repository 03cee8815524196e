// The floor of scripts/bench cases 8b and 8c: what starting one detached process costs a
// launch, whatever the process does. With --spawn it starts `/bin/sh -c 'exit 0'` as
// GreeterFeed starts the feed fetch's shell (posix_spawn in a session of its own, /dev/null
// for its standard input and output, nice 19, reaped by a detached thread), then replaces itself with
// PROGRAM; without --spawn it replaces itself with PROGRAM at once. Case 8f runs
// `whatsnew greet` (no --feed) both ways, so the ratio is the start of one process against the
// same launch, the least any launch that starts the fetch as a detached process can cost.
//
//   cc -O2 -pthread Benchmarks/SpawnFloor/spawn.c -o spawn-floor
//   spawn-floor [--spawn] PROGRAM [ARGUMENT ...]
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static void *reap(void *argument) {
  int status;
  while (waitpid((pid_t)(intptr_t)argument, &status, 0) < 0) {}
  return NULL;
}

int main(int argc, char **argv) {
  int first = 1;
  if (argc > 1 && strcmp(argv[1], "--spawn") == 0) {
    first = 2;
    char *shell[] = {"/bin/sh", "-c", "exit 0", NULL};
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    for (int fd = 0; fd <= 2; fd++)
      posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSID);
    pid_t pid;
    if (posix_spawn(&pid, "/bin/sh", &actions, &attributes, shell, environ) == 0) {
      setpriority(PRIO_PROCESS, (id_t)pid, 19);
      pthread_attr_t thread_attributes;
      pthread_attr_init(&thread_attributes);
      pthread_attr_setdetachstate(&thread_attributes, PTHREAD_CREATE_DETACHED);
      pthread_attr_setstacksize(&thread_attributes, 64 << 10);
      pthread_t thread;
      pthread_create(&thread, &thread_attributes, reap, (void *)(intptr_t)pid);
    }
  }
  if (argc <= first) {
    fprintf(stderr, "usage: spawn-floor [--spawn] PROGRAM [ARGUMENT ...]\n");
    return 2;
  }
  execv(argv[first], argv + first);
  perror(argv[first]);
  return 127;
}
