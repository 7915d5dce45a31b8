# union-gen as a container image: one static binary on distroless, run as non-root.
#   docker build -t union-gen .
#   docker run --rm -v "$PWD:/work" -w /work union-gen generate --v3 api/openapi/v3.json ./pkg/apis/...
# (add `--user "$(id -u):$(id -g)"` so written files belong to you)
FROM rust:1-alpine AS build
# tree-sitter's parsers are C: the musl toolchain builds them into the static binary.
RUN apk add --no-cache musl-dev gcc
WORKDIR /src
COPY . .
ARG UNION_GEN_GIT_COMMIT=""
RUN UNION_GEN_GIT_COMMIT="$UNION_GEN_GIT_COMMIT" cargo build --release --locked \
 && cp target/release/union-gen /union-gen

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /union-gen /usr/local/bin/union-gen
WORKDIR /work
ENTRYPOINT ["/usr/local/bin/union-gen"]
CMD ["--help"]
