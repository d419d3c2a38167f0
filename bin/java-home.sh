# Sourced by .ci/run and ./codemode: exports JAVA_HOME for a JDK >= 21.
# JAVA_HOME wins when it already names one; otherwise the newest JDK in the machine's JVM folder.
codemode_java_major() {
  # The JDK's release file says it without starting a JVM (tens of milliseconds per call otherwise).
  local major
  major=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$1/release" 2>/dev/null)
  if [ -n "$major" ]; then
    echo "$major"
    return
  fi
  "$1/bin/java" -version 2>&1 | awk -F'"' '/version/ { split($2, v, "."); print v[1]; exit }'
}

# With the argument "runtime" (the distribution archive, which builds nothing) a Java runtime without a
# compiler will do, and so will the java on PATH.
codemode_pick_java_home() {
  local need=javac kind=JDK
  if [ "${1:-}" = runtime ]; then
    need=java kind="Java runtime"
  fi
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ] \
      && [ "$(codemode_java_major "$JAVA_HOME")" -ge 21 ] 2>/dev/null; then
    return 0
  fi
  local best="" best_major=0 dir major path_java=""
  if [ "$need" = java ] && command -v java >/dev/null 2>&1; then
    path_java=$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")
  fi
  # POSIX sh (mvnw sources this file too): no arrays, so the PATH's runtime comes as one more word.
  for dir in /usr/lib/jvm/* /usr/local/lib/jvm/* /opt/java/* ${path_java:+"$path_java"}; do
    [ -x "$dir/bin/$need" ] || continue
    major=$(codemode_java_major "$dir")
    if [ -n "$major" ] && [ "$major" -gt "$best_major" ] 2>/dev/null; then
      best=$dir best_major=$major
    fi
  done
  if [ "$best_major" -lt 21 ]; then
    echo "codemode: no $kind >= 21 found (set JAVA_HOME or install one under /usr/lib/jvm)" >&2
    return 1
  fi
  export JAVA_HOME=$best
}
