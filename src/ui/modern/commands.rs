//! Modern Skirmish's own commands in the window: each with its label, menu and shortcut in one
//! table, whether one is in force, and what each does (the shell's editing commands and the
//! playtest included).

use super::{ModernDesk, play};
use crate::systems::modern::editing::{Tool, clip_from_text, clip_text};
use crate::table::group::{GroupAction, GroupMove, TableGroupEditing};
use crate::ui::commands::{CommandTable, Menu, UiCommand, cmd, key};
use crate::ui::desk::{ALL_EDIT_COMMANDS, DeskCommands, DeskContext, OwnCommands};
use egui::Key;
use std::sync::LazyLock;

/// The desk's own commands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Action {
    Select,
    Measure,
    TurnRight,
    TurnLeft,
    Duplicate,
    MirrorLeftRight,
    MirrorTopBottom,
}

/// The desk's commands as the shell lists them, in menu order.
static COMMANDS: LazyLock<CommandTable<Action>> = LazyLock::new(|| {
    CommandTable::new([
        (Action::Select, "Select and move", Menu::Tools, key(Key::S)),
        (Action::Measure, "Measure", Menu::Tools, key(Key::M)),
        (Action::TurnRight, "Turn 15 degrees clockwise", Menu::Edit, key(Key::R)),
        (Action::TurnLeft, "Turn 15 degrees anticlockwise", Menu::Edit, key(Key::Q)),
        (Action::Duplicate, "Duplicate", Menu::Edit, cmd(Key::D)),
        (Action::MirrorLeftRight, "Mirror selection left-right", Menu::Edit, key(Key::X)),
        (Action::MirrorTopBottom, "Mirror selection top-bottom", Menu::Edit, key(Key::Y)),
    ])
});

impl OwnCommands for ModernDesk {
    fn commands(&self) -> DeskCommands {
        DeskCommands { game: COMMANDS.declared(), edit: &ALL_EDIT_COMMANDS, toggles: &[] }
    }

    fn is_on(&self, command: UiCommand) -> bool {
        match COMMANDS.of(command) {
            Some(Action::Select) => self.editor.tool == Tool::Select,
            Some(Action::Measure) => self.editor.tool == Tool::Measure,
            _ => false,
        }
    }

    fn selection_text(&self) -> Option<String> {
        clip_text(self.editor.clipboard.as_ref()?).ok()
    }

    fn paste_selection_text(&mut self, text: &str) -> Result<bool, String> {
        let Some(clip) = clip_from_text(&self.editor.rules, text, &crate::systems::name_of)? else { return Ok(false) };
        self.editor.clipboard = Some(clip);
        self.editor.paste(self.hover);
        Ok(true)
    }

    fn run_command(&mut self, cx: &mut DeskContext<'_>, command: UiCommand) {
        match command {
            UiCommand::Playtest => play::toggle(self, cx),
            UiCommand::Copy => {
                self.editor.act(GroupAction::Copy);
            }
            UiCommand::Cut => {
                self.editor.act(GroupAction::Cut);
            }
            UiCommand::Paste => {
                self.editor.paste(self.hover);
            }
            UiCommand::DeleteSelection => {
                if !self.editor.delete_selected() {
                    cx.say("Select a piece or a unit to delete.");
                }
            }
            other => match COMMANDS.of(other) {
                Some(Action::Select) => self.editor.tool = Tool::Select,
                Some(Action::Measure) => self.editor.tool = Tool::Measure,
                Some(Action::TurnRight) => {
                    if !self.editor.turn_selected(1_500) {
                        cx.say("Select a piece to turn.");
                    }
                }
                Some(Action::TurnLeft) => {
                    if !self.editor.turn_selected(-1_500) {
                        cx.say("Select a piece to turn.");
                    }
                }
                Some(Action::Duplicate) => {
                    self.editor.act(GroupAction::Duplicate);
                }
                Some(Action::MirrorLeftRight) => {
                    self.editor.act(GroupAction::Move(GroupMove::MirrorLeftRight));
                }
                Some(Action::MirrorTopBottom) => {
                    self.editor.act(GroupAction::Move(GroupMove::MirrorTopBottom));
                }
                None => cx.say(format!("{} is not something an open table has.", other.label())),
            },
        }
    }
}
