package io.codemode4j.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TargetTest {

  @Test
  void metBy_atMost_acceptsTheBoundAndBelow() {
    Target target = Target.atMost(0.4);

    assertThat(target.metBy(0.4)).isTrue();
    assertThat(target.metBy(0.39)).isTrue();
    assertThat(target.metBy(0.41)).isFalse();
  }

  @Test
  void metBy_atLeast_acceptsTheBoundAndAbove() {
    Target target = Target.atLeast(1500);

    assertThat(target.metBy(1500)).isTrue();
    assertThat(target.metBy(1499.9)).isFalse();
  }

  @Test
  void toString_writesTheComparisonAndThePlainNumber() {
    assertThat(Target.atMost(0.4)).hasToString("<= 0.4");
    assertThat(Target.atLeast(1500)).hasToString(">= 1500");
  }

  @Test
  void new_notFinite_throws() {
    assertThatThrownBy(() -> Target.atMost(Double.POSITIVE_INFINITY))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
