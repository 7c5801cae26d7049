package io.browserflow.engine.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;

class CronExpressionTest {

  @Test
  void should_compute_cron_firings() {
    CronExpression weekdays = CronExpression.parse("30 9 * * 1-5");
    ZonedDateTime friday = ZonedDateTime.parse("2026-11-27T10:00:00Z");
    assertThat(weekdays.next(friday)).isEqualTo(ZonedDateTime.parse("2026-11-30T09:30:00Z"));
    assertThat(CronExpression.parse("*/15 * * * *").next(ZonedDateTime.parse("2026-11-30T10:07:00Z")))
        .isEqualTo(ZonedDateTime.parse("2026-11-30T10:15:00Z"));
    assertThat(CronExpression.parse("0 0 1 1 *").next(ZonedDateTime.parse("2026-11-30T10:07:00Z")))
        .isEqualTo(ZonedDateTime.parse("2027-01-01T00:00:00Z"));
    assertThat(CronExpression.parse("0 12 13 * 5").next(ZonedDateTime.parse("2026-11-30T00:00:00Z")))
        .isEqualTo(ZonedDateTime.parse("2026-12-04T12:00:00Z"));
    assertThatThrownBy(() -> CronExpression.parse("61 * * * *"))
        .hasMessageContaining("minute 61");
    assertThatThrownBy(() -> CronExpression.parse("* * *"))
        .hasMessageContaining("5 fields");
  }
}
