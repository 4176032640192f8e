# Build: a static binary (no cgo).
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# .git is not copied (.dockerignore), so the toolchain records no revision: the
# version is passed in, e.g. --build-arg VERSION=$(git describe --always --dirty).
ARG VERSION=
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w -X main.buildVersion=${VERSION}" -o /out/gitlate ./cmd/gitlate

# Run: Debian slim with git, for what gitlate asks the git command for when it is
# there (`git status` in repository status, `git cat-file --batch` for sizes of bare
# repositories), CA certificates for https remotes and the ssh client's
# known_hosts tooling; as a non-root user.
FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends git ca-certificates openssh-client \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 65532 --user-group --home-dir /home/gitlate --create-home gitlate \
 && mkdir -p /data /home/gitlate/.ssh && chown gitlate:gitlate /data /home/gitlate/.ssh && chmod 700 /home/gitlate/.ssh
COPY --from=build /out/gitlate /usr/local/bin/gitlate
# The data directory holds clones, local: repositories and the store; it must be
# writable by the gitlate user (uid 65532) also when Docker creates the volume.
ENV GITLATE_DATA=/data GITLATE_LISTEN=:8080
VOLUME /data
EXPOSE 8080
USER gitlate
# Ready once the first scan is served (/readyz, on GITLATE_LISTEN's port); the
# binary asks, as the image has no curl. A large installation's first scan takes
# tens of seconds: failures in the first two minutes do not count.
HEALTHCHECK --interval=30s --timeout=10s --start-period=2m --retries=3 \
  CMD ["/usr/local/bin/gitlate", "health"]
# ssh remotes: mount a deploy key as /home/gitlate/.ssh/id_ed25519 and a
# known_hosts file naming the forge's host keys as /home/gitlate/.ssh/known_hosts.
# Without --config (or GITLATE_CONFIG) gitlate serves the bundled samples.
ENTRYPOINT ["/usr/local/bin/gitlate"]
CMD ["serve"]
