package io.codemode4j.sql.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NamesTest {

  @Test
  void names_fold_lowercasesAsciiOnlyLikeDuckDb() {
    assertThat(Names.fold("InVoices_1")).isEqualTo("invoices_1");
    assertThat(Names.fold("\u212Aelvin \u0130")).isEqualTo("\u212Aelvin \u0130");
  }
}
