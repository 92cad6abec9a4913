# syntax=docker/dockerfile:1
# Build stage: the same commands Scripts/serve runs, on Swift 6.3 for Debian bookworm.
FROM swift:6.3-bookworm AS build
WORKDIR /src
COPY Scripts/install-dependencies Scripts/install-dependencies
RUN Scripts/install-dependencies
COPY Package.swift ./
# SwiftPM checks every target's folder when it loads the package, test targets' too.
COPY Sources Sources
COPY Tests Tests
RUN swift build -c release --product counterpart --static-swift-stdlib \
    && install -D .build/release/counterpart /out/counterpart

# Runtime stage: only libevent and SQLite runtime libraries, a non-root user and a data volume.
FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends libevent-2.1-7 libevent-pthreads-2.1-7 libsqlite3-0 \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --create-home --home-dir /data --uid 10001 counterpart
COPY --from=build /out/counterpart /usr/local/bin/counterpart
# Seeded at build, so the first start opens a ready database (a new volume copies it).
RUN counterpart seed --dataset demo --database /data/counterpart.sqlite \
    && rm -f /data/counterpart.sqlite.lock \
    && chown -R 10001:10001 /data
USER 10001
WORKDIR /data
VOLUME ["/data"]
EXPOSE 8080
ENV PORT=8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
    CMD ["counterpart", "probe"]
ENTRYPOINT ["counterpart"]
CMD ["serve", "--host", "0.0.0.0", "--database", "/data/counterpart.sqlite", "--dev"]
