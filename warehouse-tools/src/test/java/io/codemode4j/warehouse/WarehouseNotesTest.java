package io.codemode4j.warehouse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WarehouseNotesTest {

  @Test
  void withers_addNotes_andLeaveTheOriginalAsItWas() {
    WarehouseNotes base = WarehouseNotes.about("the orders warehouse");
    WarehouseNotes more =
        base.withTable("orders", "one row per order").withColumn("orders", "total", "cents");

    assertThat(more.table("orders")).contains("one row per order");
    assertThat(more.column("orders", "total")).contains("cents");
    assertThat(more.column("orders", "other")).isEmpty();
    assertThat(base.tables()).isEmpty();
    assertThat(more.subject()).isEqualTo("the orders warehouse");
  }

  @ParameterizedTest
  @ValueSource(strings = {"total", ".total", "orders.", "a.b.c"})
  void new_columnKeyNotTableDotColumn_isRefusedNamingTheForm(String key) {
    assertThatThrownBy(() -> new WarehouseNotes("w", Map.of(), Map.of(key, "note")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("must be table.column");
  }

  @Test
  void new_blankSubjectOrNote_isRefused() {
    assertThatThrownBy(() -> WarehouseNotes.about(" "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("subject must not be blank");
    assertThatThrownBy(() -> WarehouseNotes.about("w").withTable("orders", ""))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("note on orders must not be blank");
  }
}
