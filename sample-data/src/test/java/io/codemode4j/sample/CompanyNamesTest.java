package io.codemode4j.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class CompanyNamesTest {

  private final CompanyNames names = new CompanyNames(new SplittableRandom(42));

  @Test
  void nameOf_firstThreeIndices_areAcmeAtlasBeacon() {
    assertThat(List.of(names.nameOf(0), names.nameOf(1), names.nameOf(2)))
        .containsExactly("Acme", "Atlas", "Beacon");
  }

  @Test
  void nameOf_withinBaseNameSpace_isTwoWordsWithoutDigits() {
    for (int index = 3; index < names.unsuffixedCount(); index++) {
      assertThat(names.nameOf(index)).matches("[A-Z][a-z]+ [A-Z][a-z]+");
    }
  }

  @Test
  void nameOf_beyondBaseNameSpace_repeatsBaseNamesWithNumericSuffix() {
    int base = names.unsuffixedCount() - 3;

    assertThat(names.nameOf(3 + base)).isEqualTo(names.nameOf(3) + " 2");
    assertThat(names.nameOf(3 + 2 * base + 7)).isEqualTo(names.nameOf(10) + " 3");
  }

  @Test
  void nameOf_threeTimesTheBaseNameSpace_allNamesUnique() {
    List<String> all =
        IntStream.range(0, 3 * names.unsuffixedCount() + 11).mapToObj(names::nameOf).toList();

    assertThat(all).doesNotHaveDuplicates();
    assertThat(names.unsuffixedCount()).isGreaterThanOrEqualTo(1_000);
  }

  @Test
  void nameOf_sameSeed_sameNames() {
    CompanyNames again = new CompanyNames(new SplittableRandom(42));

    for (int index = 0; index < 600; index++) {
      assertThat(again.nameOf(index)).isEqualTo(names.nameOf(index));
    }
  }

  @Test
  void nameOf_otherSeed_shufflesDifferently() {
    CompanyNames other = new CompanyNames(new SplittableRandom(43));
    List<String> differing = new ArrayList<>();
    for (int index = 3; index < 100; index++) {
      if (!other.nameOf(index).equals(names.nameOf(index))) {
        differing.add(other.nameOf(index));
      }
    }

    assertThat(differing).hasSizeGreaterThan(90);
  }

  @Test
  void nameOf_negativeIndex_namesIndexInMessage() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> names.nameOf(-1))
        .withMessageContaining("index");
  }
}
