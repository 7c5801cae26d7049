#!/usr/bin/env bash
# The soak (not a test): 1,000 sample flows against the demo app at 4 workers, in rounds of 100, in one JVM.
# Prints failures, the heap after GC per round, and browser/driver processes before and after.
#   flow-benchmarks/soak.sh [TOTAL [WORKERS [ROUND]]]     (defaults: 1000 4 100)
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
./mvnw -B -q install -DskipTests -Djapicmp.skip=true -pl flow-benchmarks -am
exec ./mvnw -B -q -pl flow-benchmarks exec:java -Dexec.mainClass=io.browserflow.benchmarks.Soak \
  -Dexec.args="${1:-1000} ${2:-4} ${3:-100}"
