package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class ProgressBarTest {

  private static String progress(boolean redraw) {
    StringWriter text = new StringWriter();
    PrintWriter err = new PrintWriter(text, true);
    ProgressBar bar = new ProgressBar(err, "generating", redraw);
    for (int done = 0; done <= 200; done++) {
      bar.update(done, 200);
    }
    bar.finish(1500);
    return text.toString();
  }

  @Test
  void update_notATerminal_printsPlainLinesAtEveryTenthWithoutCarriageReturns() {
    String text = progress(false);

    assertThat(text).doesNotContain("\r");
    assertThat(text.lines().toList())
        .hasSize(12)
        .startsWith("generating: 0%", "generating: 10%")
        .endsWith("generating: 100%", "generating: done in 1.5s");
  }

  @Test
  void update_terminal_redrawsOneLineInPlace() {
    String text = progress(true);

    // String.lines() would split at every carriage return too: count the line feeds.
    assertThat(text.chars().filter(c -> c == '\n')).hasSize(1);
    assertThat(text).contains("\rgenerating [" + "#".repeat(30) + "] 100% done in 1.5s");
    assertThat(text.chars().filter(c -> c == '\r')).hasSize(101);
  }
}
