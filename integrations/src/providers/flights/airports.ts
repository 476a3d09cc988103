import airportData from 'airport-data-js';

/** An airport of the IATA list (airport-data-js, OurAirports data). */
export interface AirportInfo {
  iata: string;
  name: string;
  /** IANA time zone, e.g. 'America/New_York' (null when the data has none). */
  timeZone: string | null;
}

/**
 * Looks up an IATA airport code in the airport-data-js list (docs/rules.md R44: the home airport is validated against a
 * real airport list, not just "three letters"). The first call loads the data set (~0.3 s).
 * @returns the airport, or null when the code is not a known airport.
 */
export async function lookupAirport(code: string): Promise<AirportInfo | null> {
  const iata = code.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(iata)) return null;
  try {
    const [found] = await airportData.getAirportByIata(iata);
    if (!found) return null;
    return { iata, name: found.airport, timeZone: found.time || null };
  } catch {
    // The library throws "No data found for IATA code" for unknown codes.
    return null;
  }
}
