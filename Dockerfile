# syntax=docker/dockerfile:1
# Build stage: the same commands Scripts/serve runs, on Swift 6.3 for Debian bookworm — with the
# PostgreSQL trait, so one image serves both profiles (a SQLite file in /data, or postgres://).
FROM swift:6.3-bookworm AS build
WORKDIR /src
COPY Scripts/install-dependencies Scripts/install-dependencies
RUN Scripts/install-dependencies
# SwiftPM checks every target's folder when it loads the package, test targets' too.
COPY Package.swift ./
COPY Sources Sources
COPY Tests Tests
# How a release build links (static Swift runtime, the start-up code side by side), and the build
# command it runs through (a failed build ends with its cause in one line).
COPY Scripts/build-release Scripts/swift-build Scripts/
COPY Linker Linker
# The build directory is a cache mount: the dependencies are fetched and compiled by the first
# build only, and a change under Sources/ recompiles Counterpart's own modules alone (a layer of
# dependencies built before the sources are copied does not survive: SwiftPM's build system
# compares files by identity, which changes from one layer to the next, and compiled them all
# again). The binary is stripped for the image; its debug symbols stay in /out/counterpart.debug
# (the `debug-symbols` stage below exports them), linked from the binary by name and checksum.
# Locked, so two builds sharing the cache take turns instead of linking over each other's binary.
RUN --mount=type=cache,id=counterpart-swift-build,target=/src/.build-postgres,sharing=locked \
    Scripts/build-release --postgres --product counterpart \
    && bin=$(Scripts/build-release --postgres --show-bin-path) \
    && mkdir -p /out \
    && objcopy --only-keep-debug "$bin/counterpart" /out/counterpart.debug \
    && strip --strip-all -o /out/counterpart "$bin/counterpart" \
    && objcopy --add-gnu-debuglink=/out/counterpart.debug /out/counterpart

# `docker build --target debug-symbols --output type=local,dest=symbols .` writes counterpart.debug.
FROM scratch AS debug-symbols
COPY --from=build /out/counterpart.debug /

# The runtime's file system, assembled from Debian's packages: the server, the libraries it loads,
# busybox, the user and the seeded /data (Scripts/assemble-runtime-root says what and why).
FROM debian:bookworm-slim AS runtime-root
RUN apt-get update \
    && apt-get install -y --no-install-recommends libevent-2.1-7 libevent-pthreads-2.1-7 libsqlite3-0 busybox-static \
    && rm -rf /var/lib/apt/lists/*
COPY --from=build /out/counterpart /tmp/counterpart
COPY Scripts/assemble-runtime-root /usr/local/bin/assemble-runtime-root
RUN assemble-runtime-root /tmp/counterpart /rootfs

# Runtime: that file system alone, run as the non-root user with a data volume.
FROM scratch
COPY --from=runtime-root /rootfs /
ENV PATH=/usr/local/bin:/bin PORT=8080
USER 10001
WORKDIR /data
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
    CMD ["counterpart", "probe"]
ENTRYPOINT ["counterpart"]
CMD ["serve", "--host", "0.0.0.0", "--database", "/data/counterpart.sqlite", "--dev"]
