package io.codemode4j.docs;

import java.util.Objects;

/**
 * One link (or image) of a Markdown page.
 *
 * @param file the page, relative to the checkout
 * @param line the 1-based line the link starts on
 * @param destination the link's destination as written (after reference resolution)
 */
record Link(String file, int line, String destination) {

  Link {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(destination, "destination");
  }

  String where() {
    return file + ":" + line;
  }

  @Override
  public String toString() {
    return where() + " " + destination;
  }
}
