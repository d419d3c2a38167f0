#!/usr/bin/env bash
# Regenerates sample-data/parquet/*.parquet from GeneratorConfig.bundled(); see README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
. bin/java-home.sh
codemode_pick_java_home
./mvnw -B -q -pl sample-data -am test-compile
./mvnw -B -q -pl sample-data dependency:build-classpath \
    -Dmdep.includeScope=test -Dmdep.outputFile=target/regenerate.classpath
"$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED \
    -cp "sample-data/target/classes:sample-data/target/test-classes:$(cat sample-data/target/regenerate.classpath)" \
    io.codemode4j.sample.RegenerateBundledData sample-data/parquet
