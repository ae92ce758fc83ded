# The project with the system packages its runs need (pgbench, Valgrind for the
# instructions measure, and the CJK fonts its chart images are drawn with), for
# the Kubernetes manifests that
# `node scripts/bench.mjs k8s` writes:  docker build -t pg-bench-guide .
FROM node:20-bookworm
WORKDIR /app
COPY . .
RUN npm ci && bash scripts/setup-system.sh && rm -rf /var/lib/apt/lists/* && chown -R node:node /app
# Embedded PostgreSQL servers refuse to run as root.
USER node
