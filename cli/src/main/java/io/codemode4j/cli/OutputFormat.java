package io.codemode4j.cli;

/** How {@code query} and {@code tables} print rows. */
enum OutputFormat {
  table,
  json,
  csv
}
