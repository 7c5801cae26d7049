package io.browserflow.engine.schedule;

import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.BitSet;

/**
 * A 5-field cron expression: minute hour day-of-month month day-of-week, each {@code *},
 * {@code n}, {@code a-b}, lists {@code a,b} and steps {@code * /n} or {@code a-b/n}; day-of-week 0-7
 * (0 and 7 are Sunday). When both day fields are restricted, either may match (classic cron).
 */
final class CronExpression {
  private final BitSet minutes;
  private final BitSet hours;
  private final BitSet days;
  private final BitSet months;
  private final BitSet weekdays;
  private final boolean daysRestricted;
  private final boolean weekdaysRestricted;

  private CronExpression(String[] f) {
    minutes = field(f[0], 0, 59, "minute");
    hours = field(f[1], 0, 23, "hour");
    days = field(f[2], 1, 31, "day of month");
    months = field(f[3], 1, 12, "month");
    weekdays = field(f[4], 0, 7, "day of week");
    if (weekdays.get(7)) {
      weekdays.set(0);
    }
    daysRestricted = !f[2].equals("*");
    weekdaysRestricted = !f[4].equals("*");
  }

  static CronExpression parse(String expression) {
    String[] f = expression.trim().split("\\s+");
    if (f.length != 5) {
      throw new IllegalArgumentException("a cron expression has 5 fields (minute hour day month weekday), got "
          + f.length + " in \"" + expression + "\"");
    }
    return new CronExpression(f);
  }

  private static BitSet field(String spec, int min, int max, String name) {
    BitSet bits = new BitSet(max + 1);
    for (String part : spec.split(",")) {
      int step = 1;
      String range = part;
      int slash = part.indexOf('/');
      if (slash >= 0) {
        step = number(part.substring(slash + 1), 1, max, name);
        range = part.substring(0, slash);
      }
      int from;
      int to;
      if (range.equals("*")) {
        from = min;
        to = max;
      } else if (range.contains("-")) {
        from = number(range.substring(0, range.indexOf('-')), min, max, name);
        to = number(range.substring(range.indexOf('-') + 1), min, max, name);
        if (from > to) {
          throw new IllegalArgumentException(name + " range " + range + " runs backwards");
        }
      } else {
        from = number(range, min, max, name);
        to = slash >= 0 ? max : from;
      }
      for (int v = from; v <= to; v += step) {
        bits.set(v);
      }
    }
    return bits;
  }

  private static int number(String s, int min, int max, String name) {
    try {
      int v = Integer.parseInt(s);
      if (v < min || v > max) {
        throw new IllegalArgumentException(name + " " + v + " is outside " + min + "-" + max);
      }
      return v;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " \"" + s + "\" is not a number, range, list or step");
    }
  }

  /** The first matching minute strictly after {@code after}. */
  ZonedDateTime next(ZonedDateTime after) {
    ZonedDateTime t = after.truncatedTo(ChronoUnit.MINUTES).plusMinutes(1);
    ZonedDateTime limit = t.plusYears(5);
    while (t.isBefore(limit)) {
      if (!months.get(t.getMonthValue())) {
        t = t.withDayOfMonth(1).withHour(0).withMinute(0).plusMonths(1);
        continue;
      }
      if (!dayMatches(t)) {
        t = t.withHour(0).withMinute(0).plusDays(1);
        continue;
      }
      if (!hours.get(t.getHour())) {
        t = t.withMinute(0).plusHours(1);
        continue;
      }
      if (!minutes.get(t.getMinute())) {
        t = t.plusMinutes(1);
        continue;
      }
      return t;
    }
    throw new IllegalArgumentException("the cron expression never fires");
  }

  private boolean dayMatches(ZonedDateTime t) {
    boolean day = days.get(t.getDayOfMonth());
    boolean weekday = weekdays.get(t.getDayOfWeek().getValue() % 7);
    if (daysRestricted && weekdaysRestricted) {
      return day || weekday;
    }
    return day && weekday;
  }
}
