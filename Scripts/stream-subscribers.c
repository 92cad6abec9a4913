// Holds many subscribers of a server-sent events stream on loopback, for Scripts/bench-streams.
//
//   stream-subscribers --ports 8080[,8081,…] --subscribers N [--path /todos/events]
//                      [--hold SECONDS] [--writes R --write-port P --write-path /todos/ID]
//
// Opens N connections, spread over the ports in turn, and waits until every one has its answer's
// head (the server sends it once the subscriber's place in the feed is held), then prints
// "ready N". With --hold it then reads (and discards) whatever arrives for that long, as clients
// that keep up do, and prints how much it read and how many subscribers the server closed. With --writes it PATCHes one todo R times over a connection of its own and
// measures, for each subscriber, how long after the writer had its whole answer the subscriber had
// read the event: "latency p50 … p99 … max … ms (K samples)". C and epoll, so the client's own
// cost stays far below the server's.
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void fail(const char *what) {
  fprintf(stderr, "stream-subscribers: %s: %s\n", what, strerror(errno));
  exit(1);
}

static int connect_to(int port) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) fail("socket");
  struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(port)};
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) fail("connect");
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  return fd;
}

static void send_all(int fd, const char *bytes, size_t count) {
  while (count > 0) {
    ssize_t sent = send(fd, bytes, count, MSG_NOSIGNAL);
    if (sent <= 0) fail("send");
    bytes += sent;
    count -= (size_t)sent;
  }
}

// One subscriber: whether its head has come, and whether it has read the current event.
typedef struct {
  int fd;
  int has_head;
  int has_event;
  char tail[8];  // the last bytes read, so "\r\n\r\n" or "data:" split across reads is still seen
} subscriber;

// Reads what `s` has; returns how many bytes, 0 when nothing is there, -1 when it closed.
static ssize_t drain(subscriber *s) {
  char buffer[65536];
  ssize_t total = 0;
  for (;;) {
    ssize_t got = recv(s->fd, buffer + 8, sizeof buffer - 8, MSG_DONTWAIT);
    if (got == 0) return -1;
    if (got < 0) return (errno == EAGAIN || errno == EWOULDBLOCK) ? total : -1;
    memcpy(buffer, s->tail, 8);
    if (!s->has_head && memmem(buffer, (size_t)got + 8, "\r\n\r\n", 4)) s->has_head = 1;
    if (s->has_head && memmem(buffer, (size_t)got + 8, "data:", 5)) s->has_event = 1;
    memcpy(s->tail, buffer + got, 8);
    total += got;
  }
}

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

// PATCHes the todo at `path` and reads the whole answer; the writer's connection stays open.
static void write_once(int fd, const char *path, int round) {
  char body[64], request[512];
  int body_length = snprintf(body, sizeof body, "{\"description\":\"bench %d\"}", round);
  int length = snprintf(request, sizeof request,
                        "PATCH %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                        "Content-Length: %d\r\n\r\n%s",
                        path, body_length, body);
  send_all(fd, request, (size_t)length);
  char answer[16384];
  size_t have = 0;
  for (;;) {
    ssize_t got = recv(fd, answer + have, sizeof answer - 1 - have, 0);
    if (got <= 0) fail("the writer's answer");
    have += (size_t)got;
    answer[have] = 0;
    char *end = strstr(answer, "\r\n\r\n");
    char *field = strcasestr(answer, "\r\nContent-Length:");
    if (end && field && have >= (size_t)(end + 4 - answer) + strtoul(field + 17, NULL, 10)) {
      if (strncmp(answer, "HTTP/1.1 200", 12) != 0) {
        fprintf(stderr, "stream-subscribers: the write was answered %.12s\n", answer);
        exit(1);
      }
      return;
    }
  }
}

int main(int argc, char **argv) {
  int ports[16], port_count = 0, count = 0, writes = 0, write_port = 0, hold = 0;
  const char *path = "/todos/events", *write_path = NULL;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!strcmp(argv[i], "--ports")) {
      for (char *p = strtok(argv[i + 1], ","); p && port_count < 16; p = strtok(NULL, ",")) ports[port_count++] = atoi(p);
    } else if (!strcmp(argv[i], "--subscribers")) count = atoi(argv[i + 1]);
    else if (!strcmp(argv[i], "--path")) path = argv[i + 1];
    else if (!strcmp(argv[i], "--hold")) hold = atoi(argv[i + 1]);
    else if (!strcmp(argv[i], "--writes")) writes = atoi(argv[i + 1]);
    else if (!strcmp(argv[i], "--write-port")) write_port = atoi(argv[i + 1]);
    else if (!strcmp(argv[i], "--write-path")) write_path = argv[i + 1];
  }
  if (port_count == 0 || count <= 0 || (writes > 0 && (!write_port || !write_path))) {
    fprintf(stderr, "usage: stream-subscribers --ports P[,P…] --subscribers N [--path P] [--hold S] "
                    "[--writes R --write-port P --write-path /todos/ID]\n");
    return 64;
  }

  subscriber *subscribers = calloc((size_t)count, sizeof *subscribers);
  int events = epoll_create1(0);
  char request[256];
  int request_length = snprintf(request, sizeof request,
                                "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n", path);
  for (int i = 0; i < count; i++) {
    subscribers[i].fd = connect_to(ports[i % port_count]);
    send_all(subscribers[i].fd, request, (size_t)request_length);
    struct epoll_event interest = {.events = EPOLLIN, .data.ptr = &subscribers[i]};
    if (epoll_ctl(events, EPOLL_CTL_ADD, subscribers[i].fd, &interest) != 0) fail("epoll_ctl");
  }

  struct epoll_event ready[1024];
  int heads = 0;
  double give_up = now_ms() + 60000;
  while (heads < count) {
    if (now_ms() > give_up) {
      fprintf(stderr, "stream-subscribers: %d of %d heads within 60 s\n", heads, count);
      return 1;
    }
    int n = epoll_wait(events, ready, 1024, 1000);
    for (int i = 0; i < n; i++) {
      subscriber *s = ready[i].data.ptr;
      int had = s->has_head;
      if (drain(s) < 0) {
        fprintf(stderr, "stream-subscribers: a subscriber was closed before its head\n");
        return 1;
      }
      if (!had && s->has_head) heads++;
    }
  }
  printf("ready %d\n", count);
  fflush(stdout);

  double stop = now_ms() + hold * 1000.0;
  long long held_bytes = 0;
  int closed = 0;
  while (now_ms() < stop) {
    int n = epoll_wait(events, ready, 1024, 100);
    for (int i = 0; i < n; i++) {
      subscriber *s = ready[i].data.ptr;
      ssize_t got = drain(s);
      if (got > 0) held_bytes += got;
      if (got < 0) {
        epoll_ctl(events, EPOLL_CTL_DEL, s->fd, NULL);
        close(s->fd);
        closed++;
      }
    }
  }
  if (hold > 0) {
    printf("held %d s: %.1f MB read, %d of %d subscribers closed by the server\n", hold, held_bytes / 1e6, closed,
           count);
    fflush(stdout);
  }

  if (writes > 0) {
    double *latencies = malloc(sizeof(double) * (size_t)count * (size_t)writes);
    size_t samples = 0;
    int writer = connect_to(write_port);
    for (int round = 0; round < writes; round++) {
      for (int i = 0; i < count; i++) subscribers[i].has_event = 0;
      write_once(writer, write_path, round);
      double answered = now_ms();
      int seen = 0;
      double deadline = answered + 10000;
      while (seen < count && now_ms() < deadline) {
        int n = epoll_wait(events, ready, 1024, 100);
        for (int i = 0; i < n; i++) {
          subscriber *s = ready[i].data.ptr;
          int had = s->has_event;
          drain(s);
          if (!had && s->has_event) {
            double latency = now_ms() - answered;
            latencies[samples++] = latency > 0 ? latency : 0;
            seen++;
          }
        }
      }
      if (seen < count) {
        fprintf(stderr, "stream-subscribers: round %d: %d of %d subscribers read the event within 10 s\n", round,
                seen, count);
        return 1;
      }
      usleep(20000);
    }
    qsort(latencies, samples, sizeof(double), compare_doubles);
    printf("latency p50 %.2f p90 %.2f p99 %.2f max %.2f ms (%zu samples)\n", latencies[samples / 2],
           latencies[samples * 9 / 10], latencies[samples * 99 / 100], latencies[samples - 1], samples);
  }
  return 0;
}
