package io.codemode4j.cli;

import java.io.PrintWriter;

/**
 * A one-line progress bar redrawn in place with carriage returns; written to stderr so stdout stays
 * data.
 */
final class ProgressBar {

  private static final int WIDTH = 30;

  private final PrintWriter err;
  private final String label;
  private int lastPercent = -1;

  ProgressBar(PrintWriter err, String label) {
    this.err = err;
    this.label = label;
  }

  void update(long done, long total) {
    int percent = total == 0 ? 100 : (int) (done * 100 / total);
    if (percent == lastPercent) {
      return;
    }
    lastPercent = percent;
    int filled = percent * WIDTH / 100;
    err.print(
        "\r"
            + label
            + " ["
            + "#".repeat(filled)
            + " ".repeat(WIDTH - filled)
            + "] "
            + percent
            + "%");
    err.flush();
  }

  void finish(long millis) {
    err.println(" done in " + String.format("%.1f", millis / 1000.0) + "s");
  }
}
