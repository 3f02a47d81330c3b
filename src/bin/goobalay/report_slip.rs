//! The players' report slips printed with `tournament pairings --layout slips`: one
//! slip a player, cut from the sheet, with their personal code, the report page's
//! address and that address as a QR code (the `qrcode` crate drawn with half-block
//! characters, two modules a line, so it prints from a terminal or a text file).
//! Every word of the slips is here, for their translation.

use goobalay::app::reports::IssuedCode;
use goobalay::app::views::PairingList;
use goobalay::engine::Side;

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

fn side_name(side: Side) -> &'static str {
    match side {
        Side::South => "South",
        Side::North => "North",
    }
}

/// Each player's slip for `list`'s boards that got `codes`, in board order, South
/// first: the code and the address beside the QR code.
pub fn code_slips(
    list: &PairingList,
    codes: &[IssuedCode],
    url: &str,
) -> anyhow::Result<Vec<String>> {
    if codes.is_empty() {
        return Ok(Vec::new());
    }
    let qr = qr_lines(url)?;
    let mut lines = vec![
        String::new(),
        "Report codes: one slip a player, cut along the lines. A code reports only".to_string(),
        "its holder's match of this round; printing the slips again makes new codes.".to_string(),
    ];
    let cut = format!("✂{}", "╌".repeat(60));
    for c in codes {
        let Some(board) = list.boards.iter().find(|b| b.match_id == Some(c.match_id)) else {
            continue;
        };
        let opponent = match c.side {
            Side::South => board.north.clone().unwrap_or_default(),
            Side::North => board.south.clone(),
        };
        let text = [
            format!(
                "{}, round {}, board {}",
                list.tournament, list.round, c.board
            ),
            format!("{} ({}) v {opponent}", c.player, side_name(c.side)),
            String::new(),
            format!("Your code: {}", c.code),
            String::new(),
            "Report your result at".to_string(),
            url.to_string(),
            "(or scan the square).".to_string(),
            String::new(),
            "Keep the code to yourself:".to_string(),
            "it reports your match.".to_string(),
        ];
        lines.push(cut.clone());
        let width = text.iter().map(|t| t.chars().count()).max().unwrap_or(0);
        for k in 0..text.len().max(qr.len()) {
            let left = text.get(k).map_or("", String::as_str);
            let right = qr.get(k).map_or("", String::as_str);
            let pad = width - left.chars().count();
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
