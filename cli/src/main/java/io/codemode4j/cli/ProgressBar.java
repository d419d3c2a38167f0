package io.codemode4j.cli;

import java.io.PrintWriter;

/**
 * Progress on stderr, so stdout stays data. On a terminal, one bar redrawn in place with carriage
 * returns; otherwise (a file, a pipe, CI's log) a plain line at every tenth, since carriage returns
 * there pile up as one unreadable line.
 */
final class ProgressBar {

  private static final int WIDTH = 30;
  private static final int PLAIN_STEP = 10;

  private final PrintWriter err;
  private final String label;
  private final boolean redraw;
  private int lastPercent = -1;

  /**
   * @param redraw stderr is a terminal: redraw the bar in place
   */
  ProgressBar(PrintWriter err, String label, boolean redraw) {
    this.err = err;
    this.label = label;
    this.redraw = redraw;
  }

  void update(long done, long total) {
    int percent = total == 0 ? 100 : (int) (done * 100 / total);
    if (redraw) {
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
      return;
    }
    int step = percent / PLAIN_STEP * PLAIN_STEP;
    if (step == lastPercent) {
      return;
    }
    lastPercent = step;
    err.println(label + ": " + step + "%");
  }

  void finish(long millis) {
    String done = "done in " + String.format("%.1f", millis / 1000.0) + "s";
    err.println(redraw ? " " + done : label + ": " + done);
  }
}
