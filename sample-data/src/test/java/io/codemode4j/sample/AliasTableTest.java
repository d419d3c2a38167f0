package io.codemode4j.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class AliasTableTest {

  private static final int DRAWS = 200_000;

  @Test
  void sample_unevenWeights_drawsInProportion() {
    double[] weights = {1, 2, 7, 0.5, 9.5};
    int[] counts = draw(new AliasTable(weights), new SplittableRandom(1));

    for (int i = 0; i < weights.length; i++) {
      assertThat(counts[i] / (double) DRAWS)
          .as("share of index %d", i)
          .isCloseTo(weights[i] / 20, within(0.005));
    }
  }

  @Test
  void sample_zeroWeight_isNeverDrawn() {
    int[] counts = draw(new AliasTable(new double[] {3, 0, 1, 0}), new SplittableRandom(2));

    assertThat(counts[1]).isZero();
    assertThat(counts[3]).isZero();
    assertThat(counts[0] + counts[2]).isEqualTo(DRAWS);
  }

  @Test
  void sample_sameSeed_sameSequence() {
    AliasTable table = new AliasTable(new double[] {5, 1, 1, 3});

    assertThat(draw(table, new SplittableRandom(7)))
        .containsExactly(draw(table, new SplittableRandom(7)));
  }

  @Test
  void constructor_negativeWeight_isRejected() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new AliasTable(new double[] {1, -1}))
        .withMessageContaining("weights");
  }

  @Test
  void constructor_nanWeight_isRejected() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new AliasTable(new double[] {1, Double.NaN}))
        .withMessageContaining("weights");
  }

  @Test
  void constructor_allZero_isRejected() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new AliasTable(new double[] {0, 0}))
        .withMessageContaining("positive");
  }

  private static int[] draw(AliasTable table, SplittableRandom random) {
    int[] counts = new int[5];
    for (int i = 0; i < DRAWS; i++) {
      counts[table.sample(random)]++;
    }
    return counts;
  }
}
