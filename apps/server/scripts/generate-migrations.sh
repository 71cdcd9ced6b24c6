#!/usr/bin/env bash
# drizzle-kit imports drizzle-orm from where drizzle-kit itself is installed (the root), while npm
# keeps drizzle-orm inside this workspace: link it for the generator, then generate.
set -euo pipefail
cd "$(dirname "$0")/.."
root=../../node_modules
if [ ! -e "$root/drizzle-orm" ] && [ -d node_modules/drizzle-orm ]; then
  ln -s ../apps/server/node_modules/drizzle-orm "$root/drizzle-orm"
fi
exec ../../node_modules/.bin/drizzle-kit generate "$@"
