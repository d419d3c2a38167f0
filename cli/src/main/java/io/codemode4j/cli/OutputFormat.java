package io.codemode4j.cli;

/**
 * How {@code query} and {@code tables} print rows. Picocli matches the value ignoring case, so
 * {@code --format JSON} is {@link #json}.
 */
enum OutputFormat {
  /** An aligned text table for reading: numbers right-aligned, wide characters measured. */
  table,
  /** One JSON document: the whole result. */
  json,
  /** One JSON object per line, one per row (JSON Lines), for line-oriented tools. */
  jsonl,
  /** RFC 4180 CSV with a header line. */
  csv,
  /** A GitHub-flavoured Markdown table, for pasting into an issue or a document. */
  markdown
}
