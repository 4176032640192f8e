# Build: a static binary (no cgo), so the runtime image needs no libc.
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/gitlate ./cmd/gitlate \
 && mkdir -p /out/data

# Run: distroless static (CA certificates for https remotes, no shell), as a non-root user.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/gitlate /usr/local/bin/gitlate
# The data directory holds clones, local: repositories and the cache; it must be
# writable by the nonroot user (uid 65532) also when Docker creates the volume.
COPY --from=build --chown=65532:65532 /out/data /data
ENV GITLATE_DATA=/data GITLATE_LISTEN=:8080
VOLUME /data
EXPOSE 8080
USER 65532:65532
# Without --config (or GITLATE_CONFIG) gitlate serves the bundled samples.
ENTRYPOINT ["/usr/local/bin/gitlate"]
CMD ["serve"]
