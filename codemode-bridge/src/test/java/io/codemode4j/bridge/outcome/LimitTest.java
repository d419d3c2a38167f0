package io.codemode4j.bridge.outcome;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class LimitTest {

  @Test
  void wireName_everyLimit_isTheNameModelsAndTheDocsUse() {
    assertThat(Arrays.stream(Limit.values()).map(Limit::wireName))
        .containsExactly("cpu", "memory", "stack", "resources", "maxLogBytes", "maxResultBytes");
  }

  @Test
  void fromWireName_everyWireName_isItsLimit() {
    for (Limit limit : Limit.values()) {
      assertThat(Limit.fromWireName(limit.wireName())).isSameAs(limit);
    }
  }

  @Test
  void fromWireName_unknownOrJavaName_isRefused() {
    assertThatThrownBy(() -> Limit.fromWireName("CPU"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown limit CPU");
    assertThatThrownBy(() -> Limit.fromWireName("maxWallTime"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
