#!/usr/bin/env bash
# Generates TypeScript types for Dapr's vendored protos (proto/) into pkg/proto/gen, offline, with the
# generator shipped in @grpc/proto-loader. The options match pkg/proto/dapr.ts' loader options: keep them in step.
# The generator writes extension-less relative imports; NodeNext resolution wants `.js`, so they are rewritten.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf pkg/proto/gen
node_modules/.bin/proto-loader-gen-types dapr/proto/runtime/v1/dapr.proto dapr/proto/runtime/v1/appcallback.proto \
  --keepCase --longs=String --enums=String --defaults --oneofs --grpcLib=@grpc/grpc-js --outDir=pkg/proto/gen -I proto
find pkg/proto/gen -name '*.ts' -print0 | xargs -0 sed -i -E "s#from '(\.{1,2}/[^']*)'#from '\1.js'#"
node scripts/gen-dapr-methods.mjs
