//! The players' report slips printed with `tournament pairings --layout slips`: one
//! slip a player, cut from the sheet, with their personal code, the report page's
//! address and that address as a QR code (the `qrcode` crate drawn with half-block
//! characters, two modules a line, so it prints from a terminal or a text file).
//! The slips speak `--lang` (`locales/<lang>/slips.ftl`); names are never translated.

use goobalay::app::reports::IssuedCode;
use goobalay::app::views::PairingList;
use goobalay::engine::Side;

use crate::i18n::{Lang, args};

/// The report page's address: `--url` (or `GOOBALAY_REPORT_URL`), else this
/// machine's name as the local network announces it (mDNS, `NAME.local`, which
/// phones resolve), on `goobalay serve`'s default port.
pub fn report_url(given: Option<&str>) -> String {
    if let Some(url) = given.map(str::trim).filter(|u| !u.is_empty()) {
        return url.to_string();
    }
    let host = host_name().unwrap_or_else(|| "localhost".to_string());
    let host = if host == "localhost" || host.contains('.') {
        host
    } else {
        format!("{host}.local")
    };
    format!("http://{host}:8080/report")
}

fn host_name() -> Option<String> {
    let mut buf = [0u8; 256];
    // SAFETY: gethostname writes at most buf.len() bytes into buf.
    let r = unsafe { libc::gethostname(buf.as_mut_ptr().cast(), buf.len()) };
    if r != 0 {
        return None;
    }
    let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
    let name = std::str::from_utf8(&buf[..end]).ok()?.trim().to_string();
    (!name.is_empty()).then_some(name)
}

/// The address as a QR code, one line of text per two rows of modules (dark
/// modules drawn as blocks: black on the printed page), with its quiet zone.
fn qr_lines(url: &str) -> anyhow::Result<Vec<String>> {
    use qrcode::render::unicode::Dense1x2;
    let code = qrcode::QrCode::new(url.as_bytes()).map_err(|e| {
        anyhow::anyhow!("the report page's address '{url}' cannot be a QR code: {e}")
    })?;
    let text = code
        .render::<Dense1x2>()
        .dark_color(Dense1x2::Dark)
        .light_color(Dense1x2::Light)
        .quiet_zone(true)
        .build();
    Ok(text.lines().map(str::to_string).collect())
}

fn side_name(lang: Lang, side: Side) -> String {
    match side {
        Side::South => lang.t("slip-south"),
        Side::North => lang.t("slip-north"),
    }
}

/// The columns `text` takes when printed: its characters but those drawn in no
/// column of their own, the marks that isolate a name in right-to-left text
/// (U+2066..U+2069, format characters) and the vowel signs written over or under a
/// letter (Arabic's kasra, shadda: nonspacing marks), so the QR codes of a sheet in
/// any language stand in one column.
fn columns(text: &str) -> usize {
    use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};
    text.chars()
        .filter(|c| {
            !matches!(
                c.general_category(),
                GeneralCategory::Format
                    | GeneralCategory::NonspacingMark
                    | GeneralCategory::EnclosingMark
            )
        })
        .count()
}

/// A message of several lines (the language's own line breaks), as lines.
fn message_lines(lang: Lang, id: &str) -> Vec<String> {
    lang.t(id).lines().map(str::to_string).collect()
}

/// Each player's slip for `list`'s boards that got `codes`, in board order, South
/// first: the code and the address beside the QR code, in `lang`.
pub fn code_slips(
    list: &PairingList,
    codes: &[IssuedCode],
    url: &str,
    lang: Lang,
) -> anyhow::Result<Vec<String>> {
    if codes.is_empty() {
        return Ok(Vec::new());
    }
    let qr = qr_lines(url)?;
    let mut lines = vec![String::new()];
    lines.extend(message_lines(lang, "slip-codes-intro"));
    let cut = format!("✂{}", "╌".repeat(60));
    for c in codes {
        let Some(board) = list.boards.iter().find(|b| b.match_id == Some(c.match_id)) else {
            continue;
        };
        let opponent = match c.side {
            Side::South => board.north.clone().unwrap_or_default(),
            Side::North => board.south.clone(),
        };
        let mut text = vec![
            lang.ta(
                "slip-heading",
                &args!["tournament" => list.tournament.as_str(), "round" => list.round, "board" => c.board],
            ),
            lang.ta(
                "slip-code-versus",
                &args!["player" => c.player.as_str(), "side" => side_name(lang, c.side), "opponent" => opponent],
            ),
            String::new(),
            lang.ta("slip-code", &args!["code" => c.code.as_str()]),
            String::new(),
            lang.t("slip-code-report-at"),
            url.to_string(),
            lang.t("slip-code-scan"),
            String::new(),
        ];
        text.extend(message_lines(lang, "slip-code-keep"));
        lines.push(cut.clone());
        let width = text.iter().map(|t| columns(t)).max().unwrap_or(0);
        for k in 0..text.len().max(qr.len()) {
            let left = text.get(k).map_or("", String::as_str);
            let right = qr.get(k).map_or("", String::as_str);
            let pad = width - columns(left);
            lines.push(format!("  {left}{}  {right}", " ".repeat(pad)));
        }
    }
    lines.push(cut);
    Ok(lines)
}

/// `list` as JSON with each board's new codes (`"codes": {"south": ..., "north":
/// ...}`, where codes were issued) and the report page's address.
pub fn list_with_codes(
    list: &PairingList,
    codes: &[IssuedCode],
    url: &str,
) -> anyhow::Result<serde_json::Value> {
    let mut value = serde_json::to_value(list)?;
    if let Some(boards) = value["boards"].as_array_mut() {
        for board in boards {
            let id = board["match_id"].as_i64();
            let of = |side: Side| {
                codes
                    .iter()
                    .find(|c| Some(c.match_id) == id && c.side == side)
                    .map(|c| c.code.clone())
            };
            if let (Some(south), Some(north)) = (of(Side::South), of(Side::North)) {
                board["codes"] = serde_json::json!({ "south": south, "north": north });
            }
        }
    }
    value["report_url"] = serde_json::Value::String(url.to_string());
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_drawn_in_no_column_are_not_counted() {
        assert_eq!(columns("Your code: K7QM"), 15);
        assert_eq!(columns("\u{2068}Ana\u{2069} ضد"), 6);
        // أبلِغ: four letters and a kasra.
        assert_eq!(columns("أبلِغ"), 4);
        assert_eq!(columns("ኮድህ፦"), 4);
    }
}
