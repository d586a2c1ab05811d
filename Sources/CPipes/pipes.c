#define _GNU_SOURCE
#include "CPipes.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

int ddpipe_is_pipe(int fd) {
  struct stat status;
  return fstat(fd, &status) == 0 && S_ISFIFO(status.st_mode);
}

long long ddpipe_splice_to_file(
  int from, int to, int cancel_fd, size_t chunk, void (*moved)(long long total, void *context), void *context) {
  long long total = 0;
  for (;;) {
    // Waits for bytes (or the writer's end) and checks the cancellation before each move,
    // so that a peer that writes without pause can still be stopped.
    struct pollfd fds[2] = {{.fd = from, .events = POLLIN}, {.fd = cancel_fd, .events = POLLIN}};
    int ready = poll(fds, cancel_fd >= 0 ? 2 : 1, -1);
    if (ready < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    if (cancel_fd >= 0 && (fds[1].revents & POLLIN)) return -2;
    ssize_t count = splice(from, NULL, to, NULL, chunk, SPLICE_F_MOVE | SPLICE_F_NONBLOCK);
    if (count > 0) {
      total += count;
      if (moved) moved(total, context);
    } else if (count == 0) {
      return total;
    } else if (errno != EINTR && errno != EAGAIN) {
      return -1;
    }
  }
}
