import HeraldComposition

// The composition root's types a front end may name, one by one: values and screens, never a
// service. Everything else in `HeraldComposition` (`HeraldServices`, `ModuleFactory`,
// `ServiceOverrides`, the log writer, the migration's stores) stays behind the facade.

/// An error from the Herald facade: one case per source, each with a message for the user.
public typealias HeraldError = HeraldComposition.HeraldError

/// One record of the refresh log (``Herald/lastRefreshLog(databasePath:environment:)``).
public typealias RefreshLogRecord = HeraldComposition.RefreshLogRecord

/// The module built for a ``Route``: its interactor, which front ends send intents to.
public typealias ScreenModule = HeraldComposition.ScreenModule

/// The newest view model of one screen, whatever module it shows.
public typealias ScreenViewModel = HeraldComposition.ScreenViewModel

/// A front end's screen that can show any module's view model.
public typealias ScreenDisplaying = HeraldComposition.ScreenDisplaying

/// How an article screen delivers its body (text blocks, or sanitised HTML too).
public typealias BodyFormat = HeraldComposition.BodyFormat
