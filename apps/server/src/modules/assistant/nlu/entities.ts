/** Entities the assistant reads in a message: amounts, durations, times of day and ride ids. */
import type { AssistantEntity } from './contract';

export function extractEntities(text: string): AssistantEntity[] {
  const entities: AssistantEntity[] = [];
  const money = /(?:[$€£]\s?(\d+(?:[.,]\d{1,2})?))|(\d+(?:[.,]\d{1,2})?)\s?(?:dollars?|usd|bucks|euros?|€|\$)/giu;
  for (const match of text.matchAll(money)) {
    const amount = Number((match[1] ?? match[2] ?? '0').replace(',', '.'));
    if (Number.isFinite(amount)) entities.push({ type: 'money', text: match[0].trim(), cents: Math.round(amount * 100) });
  }
  const duration = /(\d+)\s?(?:min(?:ute)?s?|mins?|minutos?|minutes?|分钟|分|hours?|hrs?|horas?|heures?|小时)/giu;
  for (const match of text.matchAll(duration)) {
    const value = Number(match[1]);
    const hours = /h|小时/iu.test(match[0].replace(/^\d+\s?/u, '').charAt(0)) || /小时/u.test(match[0]);
    entities.push({ type: 'duration', text: match[0].trim(), minutes: hours ? value * 60 : value });
  }
  const time = /\b(\d{1,2})(?::(\d{2}))?\s?(am|pm)\b|\b(\d{1,2}):(\d{2})\b/giu;
  for (const match of text.matchAll(time)) {
    let hour = Number(match[1] ?? match[4]);
    const minute = match[2] ?? match[5] ?? '00';
    const half = match[3]?.toLowerCase();
    if (half === 'pm' && hour < 12) hour += 12;
    if (half === 'am' && hour === 12) hour = 0;
    if (hour < 24) entities.push({ type: 'time', text: match[0].trim(), value: `${String(hour).padStart(2, '0')}:${minute}` });
  }
  const rideId = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/giu;
  for (const match of text.matchAll(rideId)) entities.push({ type: 'ride_id', text: match[0], value: match[0].toLowerCase() });
  return entities;
}
