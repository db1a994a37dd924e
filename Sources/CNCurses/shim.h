// ncursesw for Swift: wide-character declarations on, and `static inline` wrappers for what Swift
// 6 cannot use directly: the mutable globals (`stdscr`), function-like macros (`COLOR_PAIR`,
// `getmaxyx`, `A_*` attributes) and the stdscr-implicit macros (`timeout`, `attrset`, `move`).
#ifndef LOUPE_CNCURSES_SHIM_H
#define LOUPE_CNCURSES_SHIM_H

#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <wchar.h>
#include <curses.h>

/// Sets the locale from the environment so ncursesw reads and writes UTF-8.
static inline void loupe_curses_setlocale(void) { setlocale(LC_ALL, ""); }

static inline int loupe_curses_rows(void) { int rows, columns; getmaxyx(stdscr, rows, columns); (void)columns; return rows; }
static inline int loupe_curses_columns(void) { int rows, columns; getmaxyx(stdscr, rows, columns); (void)rows; return columns; }

static inline int loupe_curses_keypad(int on) { return keypad(stdscr, on ? TRUE : FALSE); }
static inline void loupe_curses_timeout(int milliseconds) { wtimeout(stdscr, milliseconds); }

/// Reads one key: returns `KEY_CODE_YES` with a function key code, `OK` with a character, or `ERR`.
static inline int loupe_curses_get_wch(unsigned int *value) {
    wint_t key = 0;
    int result = wget_wch(stdscr, &key);
    *value = (unsigned int)key;
    return result;
}

static inline int loupe_curses_color_pair(int pair) { return (int)COLOR_PAIR(pair); }
static inline int loupe_curses_attr_normal(void) { return (int)A_NORMAL; }
static inline int loupe_curses_attr_bold(void) { return (int)A_BOLD; }
static inline int loupe_curses_attr_dim(void) { return (int)A_DIM; }
static inline int loupe_curses_attr_reverse(void) { return (int)A_REVERSE; }
static inline int loupe_curses_attr_underline(void) { return (int)A_UNDERLINE; }

static inline void loupe_curses_attrset(int attributes) { wattrset(stdscr, attributes); }
static inline int loupe_curses_move(int row, int column) { return wmove(stdscr, row, column); }
/// Writes UTF-8 text at the cursor; ncursesw decodes it with the locale set above.
static inline int loupe_curses_addstr(const char *text) { return waddstr(stdscr, text); }
static inline int loupe_curses_clrtoeol(void) { return wclrtoeol(stdscr); }
static inline int loupe_curses_erase(void) { return werase(stdscr); }
static inline int loupe_curses_refresh(void) { return wrefresh(stdscr); }
static inline int loupe_curses_leaveok(int on) { return leaveok(stdscr, on ? TRUE : FALSE); }

#endif
