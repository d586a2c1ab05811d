// Pipes moved into files by the kernel: what a paste or a drop that arrives through a pipe
// (GDK on Wayland) needs, and Swift cannot import (splice(2) is declared only with
// _GNU_SOURCE).
#ifndef DRAGDROP_CPIPES_H
#define DRAGDROP_CPIPES_H

#include <stddef.h>

/// Whether the file descriptor `fd` is a pipe (or a FIFO).
int ddpipe_is_pipe(int fd);

/// Moves everything the pipe `from` carries into the file `to`, at its current offset, with
/// splice(2), `chunk` bytes at most a call, waiting for the pipe with poll(2) beside
/// `cancel_fd` (readable once the read is cancelled; -1 for none). After each move it calls
/// `moved` (if not NULL) with the bytes moved so far and `context`. It blocks: run it on a
/// thread of its own.
///
/// Returns the bytes moved once the pipe has ended (its writer closed it); -1 with errno set
/// when a call failed (ENOSPC for a full disk, say); -2 when `cancel_fd` became readable.
long long ddpipe_splice_to_file(
  int from, int to, int cancel_fd, size_t chunk, void (*moved)(long long total, void *context), void *context);

#endif
