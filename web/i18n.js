// Translations: ONE table. Every word the page shows comes from here, including the
// names of games, variants, options and levels (looked up by id; the bridge's English
// labels are only a fallback). To add a language, add a block with the same keys
// (e.g. `ko: {...}`, `uk: {...}`); missing keys fall back to English.
//
// Placeholders: {name} is replaced by params.name.

const TABLE = {
  en: {
    "app.title": "Nibble",
    "app.tagline": "Take discs. Collect colours. Outwit.",

    "engine.loading": "Loading the game engine…",
    "engine.step.runtime": "Downloading the Python runtime",
    "engine.step.stdlib": "Loading the Python standard library",
    "engine.step.micropip": "Preparing the package installer",
    "engine.step.engine": "Installing the game engine",
    "engine.step.ready": "Ready",
    "engine.fatal": "The game engine could not start: {message}",
    "engine.reload": "Reload the page",

    "update.available": "New version available.",
    "update.reload": "Reload",

    "action.new-game": "New game",
    "action.undo": "Undo",
    "action.redo": "Redo",
    "action.hint": "Hint",
    "action.confirm": "Take",
    "action.clear": "Clear",
    "action.start": "Start",
    "action.cancel": "Cancel",
    "action.close": "Close",
    "action.back-to-game": "Back to the game",
    "action.review": "Look at the board",
    "action.share": "Share link",
    "action.export": "Save file",
    "action.import": "Open file",
    "action.restore-previous": "Back to my previous game",
    "share.copied": "Link copied. Whoever opens it continues this game from here.",
    "share.copy-this": "Copy this link to share the game:",
    "share.link": "Link to this game",
    "share.opened": "The shared game is open. Your previous game is kept.",
    "share.error.link-size": "the link is empty or too long",
    "share.error.link-damaged": "the link is damaged (cut short or changed)",
    "share.error.no-record": "it holds no game record",
    "share.error.file-size": "the file is too large to be a game record",
    "share.error.not-json": "the file is not a game record",
    "error.link": "The shared game could not be opened: {message}. Your game is unchanged.",
    "error.file": "The file could not be opened: {message}. Your game is unchanged.",
    "action.pause": "Pause",
    "action.resume": "Resume",
    "watch.pace": "Pace",
    "watch.pace.fast": "Fast",
    "watch.pace.normal": "Normal",
    "watch.pace.slow": "Slow",

    "game.nibble": "Nibble",
    "game.nebuchadnezzar": "Nebuchadnezzar",
    "game.number_one": "Number One",

    "variant.square9": "9 × 9 square",
    "variant.square13": "13 × 13 square",
    "variant.hex13": "Hexagon (13 colours)",

    "option.game": "Game",
    "option.variant": "Board",
    "option.seed": "Seed",
    "option.seed.hint": "Leave empty for a random board",
    "option.color_order": "Colour table order",
    "option.color_order.random": "Random",
    "option.color_order.fixed": "1, 2, 3, …",
    "option.color_order.natural": "1, 2, 3, …",
    "option.decided_early": "End the game once it is decided",
    "option.seat": "Player {n}",
    "option.level": "Computer strength",

    "seat.human": "Human",
    "seat.ai": "Computer",
    "seat.name": "Player {n}",
    "seat.name.ai": "Computer {n}",
    "seat.you": "You",

    "level.random": "Random moves",
    "level.easy": "Easy",
    "level.medium": "Medium",
    "level.hard": "Hard",
    "level.expert": "Expert",

    "status.to-move": "{player} to move",
    "status.your-move": "{player}: pick discs of one colour",
    "status.thinking": "{player} is thinking…",
    "status.wins": "{player} wins",
    "status.draw": "Draw",
    "status.review": "Reviewing move {ply} of {total}",
    "status.picked": "{count} picked",
    "status.pick-more": "Pick more discs of colour {color} or take them",
    "status.pick-incomplete": "Pick more discs to make a legal take",
    "status.hint": "Suggested: {move}. The engine gives {player} {percent} %.",
    "status.hint.move": "Suggested: {move}.",

    "board.label": "Game board",
    "cell.empty": "{cell}, empty",
    "cell.disc": "{cell}, colour {color}",
    "cell.takeable": "takeable",
    "cell.picked": "picked",
    "cell.last": "just taken",

    "panel.colors": "Colour table",
    "panel.colors.help": "Colours next to each other in this row are adjacent.",
    "panel.collections": "Collections",
    "panel.progress": "Progress",
    "panel.moves": "Moves",
    "panel.moves.none": "No moves yet.",
    "panel.on-board": "On the board",
    "panel.on-board.short": "Left",

    "progress.all": "All of one colour",
    "progress.all.detail": "{count} of {need} in colour {color}",
    "progress.adjacent": "Three adjacent colours",
    "progress.adjacent.detail": "{counts} of {need} in colours {colors}",
    "progress.majorities": "Majority of majorities",
    "progress.majorities.detail": "majority in {count} of {need} colours",
    "progress.blocked": "no longer possible",

    "warning.no-instant-win": "{player} can no longer win instantly.",
    "warning.holds-majority": "{player} holds the majority of majorities.",

    "result.title": "{player} wins",
    "result.draw": "It is a draw",
    "result.reason.all-of-colour": "{player} holds all discs of colour {colors}.",
    "result.reason.three-adjacent": "{player} holds at least {need} discs in each of the adjacent colours {colors}.",
    "result.reason.majority-of-majorities": "The board is empty and {player} holds the majority in colours {colors}.",
    "result.reason.decided": "{player} holds the majority in colours {colors} and the opponent can no longer win instantly.",
    "result.reason.other": "{player} wins ({reason}).",

    "newgame.title": "New game",
    "newgame.players": "Players",

    "error.title": "Something went wrong",
    "error.storage": "The saved game could not be read, so a fresh game was started.",
    "error.url": "The link could not be opened: {message}",
    "error.url.game": "unknown game “{value}”",
    "error.url.option": "“{value}” is not a valid value for {name}",
    "error.url.seat": "{name} must be “human” or “ai”, not “{value}”",
    "error.url.level": "unknown computer strength “{value}”",
    "error.engine": "The engine answered: {message}",
    "error.ai": "The computer could not move: {message}",
    "engine.error.bad-request": "{detail}",
    "engine.error.unknown-game": "{detail}",
    "engine.error.bad-option": "{detail}",
    "engine.error.bad-record": "{detail}",
    "engine.error.bad-setup": "{detail}",
    "engine.error.bad-notation": "{detail}",
    "engine.error.illegal-move": "{detail}",
    "engine.error.game-over": "{detail}",
    "engine.error.internal": "{detail}",

    "language": "Language",
    "and": "and",
    "list.sep": ", ",
  },
  ko: {
    "app.title": "니블",
    "app.tagline": "원반을 가져가고, 색을 모으고, 상대를 앞지르세요.",

    "engine.loading": "게임 엔진을 불러오는 중…",
    "engine.step.runtime": "파이썬 런타임 내려받는 중",
    "engine.step.stdlib": "파이썬 표준 라이브러리 불러오는 중",
    "engine.step.micropip": "패키지 설치 도구 준비 중",
    "engine.step.engine": "게임 엔진 설치 중",
    "engine.step.ready": "준비 완료",
    "engine.fatal": "게임 엔진을 시작할 수 없습니다: {message}",
    "engine.reload": "페이지 새로 고침",

    "update.available": "새 버전이 있습니다.",
    "update.reload": "새로 고침",

    "action.new-game": "새 게임",
    "action.undo": "무르기",
    "action.redo": "다시 하기",
    "action.hint": "힌트",
    "action.confirm": "가져가기",
    "action.clear": "선택 취소",
    "action.start": "시작",
    "action.cancel": "취소",
    "action.close": "닫기",
    "action.back-to-game": "게임으로 돌아가기",
    "action.review": "판 보기",
    "action.share": "링크 공유",
    "action.export": "파일로 저장",
    "action.import": "파일 열기",
    "action.restore-previous": "이전 게임으로 돌아가기",
    "share.copied": "링크를 복사했습니다. 링크를 연 사람이 이 게임을 여기서부터 이어 둡니다.",
    "share.copy-this": "게임을 공유하려면 이 링크를 복사하세요:",
    "share.link": "이 게임의 링크",
    "share.opened": "공유된 게임을 열었습니다. 이전 게임은 보관되어 있습니다.",
    "share.error.link-size": "링크가 비어 있거나 너무 깁니다",
    "share.error.link-damaged": "링크가 손상되었습니다(잘리거나 바뀜)",
    "share.error.no-record": "게임 기록이 들어 있지 않습니다",
    "share.error.file-size": "게임 기록이라기엔 파일이 너무 큽니다",
    "share.error.not-json": "게임 기록 파일이 아닙니다",
    "error.link": "공유된 게임을 열 수 없습니다: {message}. 진행 중인 게임은 그대로입니다.",
    "error.file": "파일을 열 수 없습니다: {message}. 진행 중인 게임은 그대로입니다.",
    "action.pause": "일시 정지",
    "action.resume": "계속",
    "watch.pace": "속도",
    "watch.pace.fast": "빠르게",
    "watch.pace.normal": "보통",
    "watch.pace.slow": "느리게",

    "game.nibble": "니블",
    "game.nebuchadnezzar": "네부카드네자르",
    "game.number_one": "넘버 원",

    "variant.square9": "9 × 9 정사각형",
    "variant.square13": "13 × 13 정사각형",
    "variant.hex13": "육각형 (13색)",

    "option.game": "게임",
    "option.variant": "판",
    "option.seed": "시드",
    "option.seed.hint": "비워 두면 무작위 판",
    "option.color_order": "색상표 순서",
    "option.color_order.random": "무작위",
    "option.color_order.fixed": "1, 2, 3, …",
    "option.color_order.natural": "1, 2, 3, …",
    "option.decided_early": "승부가 정해지면 게임 끝내기",
    "option.seat": "플레이어 {n}",
    "option.level": "컴퓨터 실력",

    "seat.human": "사람",
    "seat.ai": "컴퓨터",
    "seat.name": "플레이어 {n}",
    "seat.name.ai": "컴퓨터 {n}",
    "seat.you": "나",

    "level.random": "무작위 수",
    "level.easy": "쉬움",
    "level.medium": "보통",
    "level.hard": "어려움",
    "level.expert": "전문가",

    "status.to-move": "{player} 차례",
    "status.your-move": "{player}: 한 색깔의 원반을 고르세요",
    "status.thinking": "{player} 생각 중…",
    "status.wins": "{player} 승리",
    "status.draw": "무승부",
    "status.review": "{total}수 중 {ply}수째 보는 중",
    "status.picked": "{count}개 선택",
    "status.pick-more": "색 {color}의 원반을 더 고르거나 가져가세요",
    "status.pick-incomplete": "가져갈 수 있는 조합이 되도록 원반을 더 고르세요",
    "status.hint": "추천: {move}. 엔진 평가: {player} {percent}%.",
    "status.hint.move": "추천: {move}.",

    "board.label": "게임 판",
    "cell.empty": "{cell}, 비어 있음",
    "cell.disc": "{cell}, 색 {color}",
    "cell.takeable": "가져갈 수 있음",
    "cell.picked": "선택됨",
    "cell.last": "방금 가져감",

    "panel.colors": "색상표",
    "panel.colors.help": "이 줄에서 나란히 놓인 색끼리 인접한 색입니다.",
    "panel.collections": "모은 원반",
    "panel.progress": "진행 상황",
    "panel.moves": "기보",
    "panel.moves.none": "아직 둔 수가 없습니다.",
    "panel.on-board": "판 위",
    "panel.on-board.short": "남음",

    "progress.all": "한 색 모두 모으기",
    "progress.all.detail": "색 {color}: {need}개 중 {count}개",
    "progress.adjacent": "인접한 세 색",
    "progress.adjacent.detail": "색 {colors}: {need}개 중 {counts}개",
    "progress.majorities": "과반수의 과반수",
    "progress.majorities.detail": "{need}색 중 {count}색에서 과반수",
    "progress.blocked": "더 이상 불가능",

    "warning.no-instant-win": "{player}은(는) 더 이상 즉시 승리할 수 없습니다.",
    "warning.holds-majority": "{player}이(가) 과반수의 과반수를 차지하고 있습니다.",

    "result.title": "{player} 승리",
    "result.draw": "무승부입니다",
    "result.reason.all-of-colour": "{player}이(가) 색 {colors}의 원반을 모두 모았습니다.",
    "result.reason.three-adjacent": "{player}이(가) 인접한 색 {colors}에서 각각 {need}개 이상을 모았습니다.",
    "result.reason.majority-of-majorities": "판이 비었고 {player}이(가) 색 {colors}에서 과반수를 차지했습니다.",
    "result.reason.decided": "{player}이(가) 색 {colors}에서 과반수를 차지했고, 상대는 더 이상 즉시 승리할 수 없습니다.",
    "result.reason.other": "{player} 승리 ({reason}).",

    "newgame.title": "새 게임",
    "newgame.players": "플레이어",

    "error.title": "문제가 생겼습니다",
    "error.storage": "저장된 게임을 읽을 수 없어 새 게임을 시작했습니다.",
    "error.url": "링크를 열 수 없습니다: {message}",
    "error.url.game": "알 수 없는 게임 “{value}”",
    "error.url.option": "“{value}”은(는) {name}에 쓸 수 없는 값입니다",
    "error.url.seat": "{name}은(는) “human” 또는 “ai”여야 합니다(“{value}” 불가)",
    "error.url.level": "알 수 없는 컴퓨터 실력 “{value}”",
    "error.engine": "엔진의 답: {message}",
    "error.ai": "컴퓨터가 수를 둘 수 없습니다: {message}",
    "engine.error.bad-request": "잘못된 요청 ({detail})",
    "engine.error.unknown-game": "알 수 없는 게임 ({detail})",
    "engine.error.bad-option": "잘못된 게임 설정 ({detail})",
    "engine.error.bad-record": "게임 기록이 손상되었거나 바뀌었습니다 ({detail})",
    "engine.error.bad-setup": "시작 배치가 올바르지 않습니다 ({detail})",
    "engine.error.bad-notation": "수를 읽을 수 없습니다 ({detail})",
    "engine.error.illegal-move": "둘 수 없는 수입니다 ({detail})",
    "engine.error.game-over": "게임이 끝났습니다 ({detail})",
    "engine.error.internal": "엔진 내부 오류 ({detail})",

    "language": "언어",
    "and": "및",
    "list.sep": ", ",
  },
  uk: {
    "app.title": "Ніббл",
    "app.tagline": "Беріть диски. Збирайте кольори. Перехитріть суперника.",

    "engine.loading": "Завантаження ігрового рушія…",
    "engine.step.runtime": "Завантаження середовища Python",
    "engine.step.stdlib": "Завантаження стандартної бібліотеки Python",
    "engine.step.micropip": "Підготовка інсталятора пакетів",
    "engine.step.engine": "Встановлення ігрового рушія",
    "engine.step.ready": "Готово",
    "engine.fatal": "Не вдалося запустити ігровий рушій: {message}",
    "engine.reload": "Перезавантажити сторінку",

    "update.available": "Доступна нова версія.",
    "update.reload": "Перезавантажити",

    "action.new-game": "Нова гра",
    "action.undo": "Скасувати",
    "action.redo": "Повторити",
    "action.hint": "Підказка",
    "action.confirm": "Взяти",
    "action.clear": "Очистити",
    "action.start": "Почати",
    "action.cancel": "Скасувати",
    "action.close": "Закрити",
    "action.back-to-game": "Назад до гри",
    "action.review": "Подивитися на дошку",
    "action.share": "Поділитися посиланням",
    "action.export": "Зберегти файл",
    "action.import": "Відкрити файл",
    "action.restore-previous": "Повернутися до попередньої гри",
    "share.copied": "Посилання скопійовано. Хто його відкриє, продовжить цю гру з цього місця.",
    "share.copy-this": "Скопіюйте це посилання, щоб поділитися грою:",
    "share.link": "Посилання на цю гру",
    "share.opened": "Надіслану гру відкрито. Попередню гру збережено.",
    "share.error.link-size": "посилання порожнє або задовге",
    "share.error.link-damaged": "посилання пошкоджене (обрізане або змінене)",
    "share.error.no-record": "у ньому немає запису гри",
    "share.error.file-size": "файл завеликий для запису гри",
    "share.error.not-json": "це не файл запису гри",
    "error.link": "Не вдалося відкрити надіслану гру: {message}. Вашу гру не змінено.",
    "error.file": "Не вдалося відкрити файл: {message}. Вашу гру не змінено.",
    "action.pause": "Пауза",
    "action.resume": "Продовжити",
    "watch.pace": "Темп",
    "watch.pace.fast": "Швидко",
    "watch.pace.normal": "Звичайно",
    "watch.pace.slow": "Повільно",

    "game.nibble": "Ніббл",
    "game.nebuchadnezzar": "Навуходоносор",
    "game.number_one": "Номер один",

    "variant.square9": "Квадрат 9 × 9",
    "variant.square13": "Квадрат 13 × 13",
    "variant.hex13": "Шестикутник (13 кольорів)",

    "option.game": "Гра",
    "option.variant": "Дошка",
    "option.seed": "Зерно",
    "option.seed.hint": "Залиште порожнім для випадкової дошки",
    "option.color_order": "Порядок таблиці кольорів",
    "option.color_order.random": "Випадковий",
    "option.color_order.fixed": "1, 2, 3, …",
    "option.color_order.natural": "1, 2, 3, …",
    "option.decided_early": "Завершувати гру, щойно її вирішено",
    "option.seat": "Гравець {n}",
    "option.level": "Сила комп’ютера",

    "seat.human": "Людина",
    "seat.ai": "Комп’ютер",
    "seat.name": "Гравець {n}",
    "seat.name.ai": "Комп’ютер {n}",
    "seat.you": "Ви",

    "level.random": "Випадкові ходи",
    "level.easy": "Легкий",
    "level.medium": "Середній",
    "level.hard": "Складний",
    "level.expert": "Експерт",

    "status.to-move": "Хід: {player}",
    "status.your-move": "{player}: виберіть диски одного кольору",
    "status.thinking": "{player} думає…",
    "status.wins": "{player} перемагає",
    "status.draw": "Нічия",
    "status.review": "Перегляд ходу {ply} з {total}",
    "status.picked": "Вибрано: {count}",
    "status.pick-more": "Виберіть ще диски кольору {color} або візьміть їх",
    "status.pick-incomplete": "Виберіть ще диски, щоб хід став дозволеним",
    "status.hint": "Підказка: {move}. Оцінка рушія: {percent} % для {player}.",
    "status.hint.move": "Підказка: {move}.",

    "board.label": "Ігрова дошка",
    "cell.empty": "{cell}, порожньо",
    "cell.disc": "{cell}, колір {color}",
    "cell.takeable": "можна взяти",
    "cell.picked": "вибрано",
    "cell.last": "щойно взято",

    "panel.colors": "Таблиця кольорів",
    "panel.colors.help": "Кольори, що стоять поруч у цьому ряду, суміжні.",
    "panel.collections": "Зібране",
    "panel.progress": "Поступ",
    "panel.moves": "Ходи",
    "panel.moves.none": "Ходів ще немає.",
    "panel.on-board": "На дошці",
    "panel.on-board.short": "Лишилося",

    "progress.all": "Усі диски одного кольору",
    "progress.all.detail": "{count} з {need} кольору {color}",
    "progress.adjacent": "Три суміжні кольори",
    "progress.adjacent.detail": "{counts} з {need} у кольорах {colors}",
    "progress.majorities": "Більшість більшостей",
    "progress.majorities.detail": "більшість у {count} з {need} кольорів",
    "progress.blocked": "уже неможливо",

    "warning.no-instant-win": "{player} більше не може виграти миттєво.",
    "warning.holds-majority": "{player} має більшість більшостей.",

    "result.title": "{player} перемагає",
    "result.draw": "Нічия",
    "result.reason.all-of-colour": "{player} має всі диски кольору {colors}.",
    "result.reason.three-adjacent": "{player} має щонайменше {need} дисків у кожному із суміжних кольорів {colors}.",
    "result.reason.majority-of-majorities": "Дошка порожня, і {player} має більшість у кольорах {colors}.",
    "result.reason.decided": "{player} має більшість у кольорах {colors}, а суперник більше не може виграти миттєво.",
    "result.reason.other": "{player} перемагає ({reason}).",

    "newgame.title": "Нова гра",
    "newgame.players": "Гравці",

    "error.title": "Щось пішло не так",
    "error.storage": "Не вдалося прочитати збережену гру, тому почато нову.",
    "error.url": "Не вдалося відкрити посилання: {message}",
    "error.url.game": "невідома гра «{value}»",
    "error.url.option": "«{value}» — недопустиме значення для {name}",
    "error.url.seat": "{name} має бути «human» або «ai», а не «{value}»",
    "error.url.level": "невідома сила комп’ютера «{value}»",
    "error.engine": "Рушій відповів: {message}",
    "error.ai": "Комп’ютер не зміг зробити хід: {message}",
    "engine.error.bad-request": "неправильний запит ({detail})",
    "engine.error.unknown-game": "невідома гра ({detail})",
    "engine.error.bad-option": "неправильні налаштування гри ({detail})",
    "engine.error.bad-record": "запис гри пошкоджено або змінено ({detail})",
    "engine.error.bad-setup": "неправильна початкова позиція ({detail})",
    "engine.error.bad-notation": "не вдалося прочитати хід ({detail})",
    "engine.error.illegal-move": "такий хід не дозволено ({detail})",
    "engine.error.game-over": "гру завершено ({detail})",
    "engine.error.internal": "внутрішня помилка рушія ({detail})",

    "language": "Мова",
    "and": "і",
    "list.sep": ", ",
  },
};

// Each language by its own name, for the picker.
export const LANGUAGES = { en: "English", ko: "한국어", uk: "Українська" };

let lang = "en";

export function setLanguage(code) {
  const short = String(code || "").toLowerCase().split("-")[0];
  lang = TABLE[short] ? short : "en";
  document.documentElement.lang = lang;
  return lang;
}

export function language() {
  return lang;
}

export function has(key) {
  return key in TABLE[lang] || key in TABLE.en;
}

export function t(key, params = {}, fallback) {
  let text = TABLE[lang][key] ?? TABLE.en[key];
  if (text === undefined) {
    if (fallback !== undefined) text = fallback;
    else {
      console.warn(`i18n: missing key ${key}`);
      text = key;
    }
  }
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

// Fill every element marked data-i18n="key" (text) or data-i18n-aria="key" (aria-label)
// or data-i18n-title="key".
export function translateDom(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-aria]")) el.setAttribute("aria-label", t(el.dataset.i18nAria));
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
}

export function list(items) {
  const parts = items.map(String);
  if (parts.length <= 1) return parts.join("");
  return parts.slice(0, -1).join(t("list.sep")) + " " + t("and") + " " + parts[parts.length - 1];
}
